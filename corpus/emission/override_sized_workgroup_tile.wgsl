// Reverses each tile of a buffer through workgroup memory whose size is
// a pipeline-overridable constant.
override TILE: u32 = 64u;

var<workgroup> tile: array<f32, TILE>;
var<workgroup> flags: array<u32, TILE>;

@group(0) @binding(0) var<storage, read_write> data: array<f32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    let slot = lid % TILE;
    tile[slot] = data[gid.x];
    flags[slot] = 1u;
    workgroupBarrier();
    let mirrored = TILE - 1u - slot;
    if (flags[mirrored] == 1u) {
        data[gid.x] = tile[mirrored];
    }
}
