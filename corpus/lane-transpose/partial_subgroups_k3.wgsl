// Workgroups of 20 invocations: subgroups of 8 or 32 are never all full,
// and the array (20 * 13 = 260 records) is not a multiple of either. The
// partial subgroups take the original stores.
@group(0) @binding(0) var<storage, read_write> out: array<u32>;

@compute @workgroup_size(20)
fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(workgroup_id) wg: vec3<u32>) {
    let i = gid.x;
    out[3u * i] = i;
    out[3u * i + 1u] = wg.x;
    out[3u * i + 2u] = i * i;
}
