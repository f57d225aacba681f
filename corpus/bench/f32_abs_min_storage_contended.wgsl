// Float-atomics benchmark, signed strategy: every invocation does atomicMin on one f32 in
// a storage buffer (the most contended case), of values made
// non-negative by `abs`, so the pass proves every value sign-bit-clear
// and `--float-atomics signed` (or auto) applies the plain bitcast.

@group(0) @binding(0) var<storage, read> values: array<f32>;
@group(0) @binding(1) var<storage, read_write> result: atomic<f32>;

@compute @workgroup_size(256)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let i = gid.x;
    if (i >= arrayLength(&values)) {
        return;
    }
    atomicMin(&result, abs(values[i]));
}
