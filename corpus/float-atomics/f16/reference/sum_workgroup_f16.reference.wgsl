// Reference for ../sum_workgroup_f16.wgsl: the same sums without atomics,
// added in one invocation of each workgroup in order (whole numbers: every
// order gives the same f16 sum).

enable f16;

@group(0) @binding(0) var<storage, read> values: array<f16>;
@group(0) @binding(1) var<storage, read_write> sums: array<f16>;

@compute @workgroup_size(64)
fn main(
    @builtin(local_invocation_index) lid: u32,
    @builtin(workgroup_id) wid: vec3<u32>,
) {
    if (lid != 0u) {
        return;
    }
    var total = f16(0.0);
    for (var i = 0u; i < 64u; i++) {
        let g = wid.x * 64u + i;
        let v = values[min(g, arrayLength(&values) - 1u)];
        let step = f16(g % 4u) + select(f16(0.0), f16(1.0), v > f16(0.5));
        if (g % 4u == 3u) {
            total -= step;
        } else {
            total += step;
        }
    }
    sums[wid.x] = total;
}
