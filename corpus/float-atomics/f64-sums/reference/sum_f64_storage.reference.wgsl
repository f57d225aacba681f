// The reference of sum_f64_storage.wgsl: one invocation adds every
// value in index order; the others do nothing.

@group(0) @binding(0) var<storage, read> values: array<f64>;
@group(0) @binding(1) var<storage, read_write> total: f64;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    if (gid.x != 0u) {
        return;
    }
    var sum = total;
    for (var i = 0u; i < arrayLength(&values); i++) {
        sum += values[i];
    }
    total = sum;
}
