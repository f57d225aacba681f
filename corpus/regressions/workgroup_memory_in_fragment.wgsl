// A fragment shader that reaches a workgroup variable through a function
// it calls. naga's reader lets it through, Tint refuses it, and spirv-val
// refused the SPIR-V written for it without a place in the source.
// Refused at the variable (`input::workgroup-outside-compute`).
var<workgroup> counter: atomic<u32>;

fn bump() -> u32 {
    return atomicAdd(&counter, 1u);
}

@fragment
fn main() -> @location(0) vec4<f32> {
    return vec4<f32>(f32(bump()));
}
