// Halves every float of a buffer through an f16 round trip. f16 appears
// only in values, never in a declared type.
enable f16;

@group(0) @binding(0) var<storage, read_write> samples: array<f32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    if (gid.x >= arrayLength(&samples)) {
        return;
    }
    let half_value = f16(samples[gid.x]) * 0.5h;
    samples[gid.x] = f32(half_value);
}
