// A `discard` in a loop's `continuing` block. naga's SPIR-V writer leaves
// the continue construct there, which Vulkan refuses; SPIR-V output is
// refused at the `discard`.
@fragment
fn main(@location(0) x: f32) -> @location(0) vec4<f32> {
    var i = 0;
    loop {
        if i > 4 {
            break;
        }
        continuing {
            if x > f32(i) {
                discard;
            }
            i++;
        }
    }
    return vec4<f32>(1.0);
}
