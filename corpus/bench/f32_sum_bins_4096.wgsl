// Float-atomics benchmark: 2^22 invocations each add 1.0 to one of 4,096
// bins, neighbouring invocations to neighbouring bins (the scattered sums
// of splatting and histograms: no two lanes of a subgroup share a bin).
// Timed against the same shader as written (one native float atomicAdd
// per invocation, `--reference` names this file) under each option of
// the pass. With aggregation, the lanes compare their bin with the first
// active lane's at run time and, finding them different, each adds its
// own value: what the check costs where it never pays.

@group(0) @binding(0) var<storage, read> values: array<u32>;
@group(0) @binding(1) var<storage, read_write> bins: array<atomic<f32>, 4096>;

@compute @workgroup_size(256)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    if (gid.x >= arrayLength(&values)) {
        return;
    }
    atomicAdd(&bins[gid.x % 4096u], 1.0);
}
