// Float-atomics benchmark: each invocation adds a whole number to one of
// 4096 bins, neighbouring invocations to different bins (the scattered
// sums of splatting and histograms). With `--pass-option float-atomics.sum=relay`
// the rewrite is an exchange relay per invocation, timed against the
// compare-exchange loop of the reference lowering.

@group(0) @binding(0) var<storage, read> values: array<u32>;
@group(0) @binding(1) var<storage, read_write> bins: array<atomic<f32>, 4096>;

@compute @workgroup_size(256)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let i = gid.x;
    if (i >= arrayLength(&values)) {
        return;
    }
    atomicAdd(&bins[(i * 2654435761u) % 4096u], f32(values[i] % 8u));
}
