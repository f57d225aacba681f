// Float-atomics benchmark: 2^22 invocations each add 1.0 to one f32 in a
// storage buffer, the most contended sum. Timed against the same shader
// as written (one native float atomicAdd per invocation, where the
// adapter has float atomics: `--reference` names this file) under each
// option of the pass: the compare-exchange loop or the exchange relay,
// with and without `float-atomics.aggregate` (subgroupAdd first, one
// atomic per subgroup: the address is the same for every lane, proven
// without a check), and the native add aggregated
// (`--features float32-atomic-add`). Whole numbers keep the sum exact.

@group(0) @binding(0) var<storage, read> values: array<u32>;
@group(0) @binding(1) var<storage, read_write> total: atomic<f32>;

@compute @workgroup_size(256)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    if (gid.x >= arrayLength(&values)) {
        return;
    }
    atomicAdd(&total, 1.0);
}
