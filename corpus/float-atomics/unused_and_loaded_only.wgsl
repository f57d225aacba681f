// Float atomics that no sum, min or max touches: one no access names (a
// binding kept for the layout) and one only stored and loaded. Tint has no
// `atomic<f32>` at all, so each becomes `atomic<u32>` holding the float's
// bits, as the summed ones do.
@group(0) @binding(0) var<storage, read_write> unused: array<atomic<f32>>;
@group(0) @binding(1) var<storage, read_write> latest: atomic<f32>;
@group(0) @binding(2) var<storage, read_write> seen: array<f32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    if gid.x == 0u {
        atomicStore(&latest, 1.5);
    }
    seen[gid.x] = atomicLoad(&latest);
}
