// The sample mask, read and written by a fragment shader (alpha to
// coverage by hand). Vulkan declares `SampleMask` as an array of 32-bit
// integers; naga's SPIR-V writer declares a scalar, which spirv-val
// refuses. SPIR-V output is refused at the entry point.
struct Out {
    @location(0) color: vec4<f32>,
    @builtin(sample_mask) mask: u32,
}

@fragment
fn main(@builtin(sample_mask) covered: u32, @location(0) alpha: f32) -> Out {
    let keep = select(0u, covered, alpha > 0.5);
    return Out(vec4<f32>(alpha), keep);
}
