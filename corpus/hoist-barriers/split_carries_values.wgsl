// Values computed before the barrier and used after it are carried through
// function-local variables when the `if` is split.
var<workgroup> tile: array<u32, 64>;

@group(0) @binding(0) var<storage, read> data: array<u32>;
@group(0) @binding(1) var<storage, read_write> out: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
    let i = gid.x;
    tile[lid] = 0u;
    workgroupBarrier();
    if i < arrayLength(&data) {
        let doubled = data[i] * 2u;
        tile[lid] = doubled;
        workgroupBarrier();
        out[i] = tile[(lid + 1u) % 64u] + doubled;
    }
}
