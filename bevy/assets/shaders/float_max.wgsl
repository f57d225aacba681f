// The largest of `values`: each workgroup reduces its 64 values in
// workgroup memory after an early return for the lanes past the end, then
// one float `atomicMax` per workgroup.
@group(0) @binding(0) var<storage, read> values: array<f32>;
@group(0) @binding(1) var<storage, read_write> result: atomic<f32>;

var<workgroup> partial: array<f32, 64>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
    let n = arrayLength(&values);
    if (gid.x >= n) {
        return;
    }
    partial[lid] = values[gid.x];
    workgroupBarrier();
    for (var stride = 32u; stride > 0u; stride /= 2u) {
        if (lid < stride && gid.x + stride < n) {
            partial[lid] = max(partial[lid], partial[lid + stride]);
        }
        workgroupBarrier();
    }
    if (lid == 0u) {
        atomicMax(&result, partial[0]);
    }
}
