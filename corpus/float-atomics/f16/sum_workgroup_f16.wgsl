// Per-workgroup f16 sums: atomicAdd and atomicSub on atomic<f16> in
// workgroup memory. No back end has 16-bit atomics, so the atomic is
// widened to a 32-bit word holding the value as f32, each add a loop that
// rounds the sum to f16, as an f16 atomic would. The contributions are
// small whole numbers, so every order of additions gives the same sum.

enable f16;

var<workgroup> total: atomic<f16>;

@group(0) @binding(0) var<storage, read> values: array<f16>;
@group(0) @binding(1) var<storage, read_write> sums: array<f16>;

@compute @workgroup_size(64)
fn main(
    @builtin(global_invocation_id) gid: vec3<u32>,
    @builtin(local_invocation_index) lid: u32,
    @builtin(workgroup_id) wid: vec3<u32>,
) {
    if (lid == 0u) {
        atomicStore(&total, f16(0.0));
    }
    workgroupBarrier();
    let v = values[min(gid.x, arrayLength(&values) - 1u)];
    // 0, 1, 2 or 3, and one subtract in four.
    let step = f16(gid.x % 4u) + select(f16(0.0), f16(1.0), v > f16(0.5));
    if (gid.x % 4u == 3u) {
        atomicSub(&total, step);
    } else {
        atomicAdd(&total, step);
    }
    workgroupBarrier();
    if (lid == 0u) {
        sums[wid.x] = atomicLoad(&total);
    }
}
