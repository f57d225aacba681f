// A barrier under a branch on a uniform value compared with -0.0. WGSL's
// constant evaluation may drop the sign of a zero, so the -0.0 is read at
// run time from its bits; that read must stay uniform, or the written
// WGSL has a barrier in non-uniform control flow.
@group(0) @binding(0) var<uniform> w: vec4<f32>;
@group(0) @binding(1) var<storage, read_write> o: array<f32>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
    if (w.x > -0.0) {
        workgroupBarrier();
    }
    o[lid] = select(w.y, -0.0, w.z < 0.0);
}
