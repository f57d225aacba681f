// A vertex shader that reaches a subgroup operation through a call, which
// WGSL refuses and naga reads. Refused at the operation
// (`wgsl::subgroup-in-vertex`).
enable subgroups;
@group(0) @binding(0) var<storage, read> heights: array<f32>;

fn total(i: u32) -> f32 {
    return subgroupAdd(heights[i]);
}

@vertex
fn main(@builtin(vertex_index) i: u32) -> @builtin(position) vec4<f32> {
    return vec4<f32>(total(i));
}
