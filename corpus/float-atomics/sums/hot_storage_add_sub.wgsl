// One contended address in storage memory: every invocation adds its
// value to `total` and takes a tenth of it out of `drain`. The address is
// the same for every lane, so float-atomics reduces the values over the
// subgroup first (proven shared: no check at run time) and one lane per
// subgroup does the atomic. The last workgroup is partly idle: its lanes
// past the end take no part.

@group(0) @binding(0) var<storage, read> values: array<f32>;
@group(0) @binding(1) var<storage, read_write> total: atomic<f32>;
@group(0) @binding(2) var<storage, read_write> drain: atomic<f32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    if (gid.x < arrayLength(&values)) {
        let v = values[gid.x];
        atomicAdd(&total, v);
        atomicSub(&drain, 0.1 * v);
    }
}
