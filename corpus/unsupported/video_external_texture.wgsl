// A video frame drawn on a quad, as in the WebGPU samples' video upload:
// a `texture_external` sampled with textureSampleBaseClampToEdge. Only
// WebGPU has external textures: WGSL output keeps it; SPIR-V, GLSL, HLSL
// and Metal output refuse it with a diagnostic at the declaration.

@group(0) @binding(1) var mySampler: sampler;
@group(0) @binding(2) var myTexture: texture_external;

@fragment
fn main(@location(0) fragUV: vec2f) -> @location(0) vec4f {
    return textureSampleBaseClampToEdge(myTexture, mySampler, fragUV);
}
