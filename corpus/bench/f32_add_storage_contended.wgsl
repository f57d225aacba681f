// Float-atomics benchmark: every invocation adds 1.0 to one f32 in a
// storage buffer (the most contended sum). WGSL has no float atomics: with
// `--pass-option float-atomics.sum=relay` the rewrite is an exchange
// relay, timed against the compare-exchange loop of the reference
// lowering. Whole numbers keep the sum exact.

@group(0) @binding(0) var<storage, read> values: array<f32>;
@group(0) @binding(1) var<storage, read_write> total: atomic<f32>;

@compute @workgroup_size(256)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let i = gid.x;
    if (i >= arrayLength(&values)) {
        return;
    }
    atomicAdd(&total, 1.0);
}
