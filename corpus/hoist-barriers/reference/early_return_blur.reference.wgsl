// Hand-written: every invocation reaches the barrier; those past the end
// load nothing and store nothing.
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
    let live = gid.x < n;
    if live {
        tile[lid + RADIUS] = input[gid.x];
        if lid < RADIUS {
            tile[lid] = input[max(gid.x, RADIUS) - RADIUS];
            tile[lid + 256u + RADIUS] = input[min(gid.x + 256u, n - 1u)];
        }
    }
    workgroupBarrier();
    if live {
        var sum = 0.0;
        for (var k = 0u; k < 2u * RADIUS + 1u; k++) {
            sum += tile[lid + k] * WEIGHTS[k];
        }
        output[gid.x] = sum;
    }
}
