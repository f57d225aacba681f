// A 9-tap blur of a row with an edge guard: each workgroup loads its 256
// values and a halo of 4 on each side into workgroup memory, then every
// invocation weighs its 9 neighbours. Invocations past the end of the row
// return before the barrier, which the rest of the last workgroup then
// waits at. What they would have loaded is zero padding to the rest.
const RADIUS: u32 = 4u;

@group(0) @binding(0) var<storage, read> input: array<f32>;
@group(0) @binding(1) var<storage, read_write> output: array<f32>;

var<workgroup> tile: array<f32, 264>;

const WEIGHTS = array<f32, 9>(0.0625, 0.09375, 0.125, 0.15625, 0.125, 0.15625, 0.125, 0.09375, 0.0625);

@compute @workgroup_size(256)
fn main(
    @builtin(global_invocation_id) gid: vec3<u32>,
    @builtin(local_invocation_index) lid: u32,
) {
    let n = arrayLength(&input);
    if gid.x >= n {
        return;
    }
    tile[lid + RADIUS] = input[gid.x];
    if lid < RADIUS {
        tile[lid] = input[max(gid.x, RADIUS) - RADIUS];
        tile[lid + 256u + RADIUS] = input[min(gid.x + 256u, n - 1u)];
    }
    workgroupBarrier();
    var sum = 0.0;
    for (var k = 0u; k < 2u * RADIUS + 1u; k++) {
        sum += tile[lid + k] * WEIGHTS[k];
    }
    output[gid.x] = sum;
}
