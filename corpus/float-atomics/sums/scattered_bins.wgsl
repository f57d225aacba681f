// Scattered bins: neighbouring lanes add to different bins (a stride of
// 17 over 256 bins). The address depends on the invocation, so the lanes
// compare their bin with the first active lane's at run time
// (`subgroupBroadcastFirst`, `subgroupAll`); here they differ, and every
// lane adds its own value.

@group(0) @binding(0) var<storage, read> values: array<f32>;
@group(0) @binding(1) var<storage, read_write> bins: array<atomic<f32>, 256>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    if (gid.x < arrayLength(&values)) {
        atomicAdd(&bins[(gid.x * 17u) % 256u], values[gid.x]);
    }
}
