// Inputs at @location(0) and @location(0x80000000u), which WGSL allows.
// naga wrote the second as `@location(2147483648)`, an abstract integer
// that Tint converts to i32 and refuses; it is written with its `u` now.
// Vulkan counts locations in 32-bit components, so the same location
// aliases location 0 in SPIR-V (spirv-val refused what was written, with
// no place): SPIR-V output is refused at the entry point.
struct Inputs {
    @location(0) near: vec4<f32>,
    @location(0x80000000u) far: vec4<f32>,
}

@fragment
fn main(inputs: Inputs) -> @location(0) vec4<f32> {
    return inputs.near + inputs.far;
}
