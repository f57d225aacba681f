// Fills a buffer with pseudo-random floats in [0, 1) and random unit
// vectors using the PCG hash; u32 arithmetic wraps on overflow.

struct Seed {
    frame: u32,
    salt: u32,
}

@group(0) @binding(0) var<uniform> seed: Seed;
@group(0) @binding(1) var<storage, read_write> randoms: array<vec4<f32>>;

fn pcg_hash(input_value: u32) -> u32 {
    let state = (input_value * 747796405u) + 2891336453u;
    let word = ((state >> ((state >> 28u) + 4u)) ^ state) * 277803737u;
    return (word >> 22u) ^ word;
}

fn to_unit_float(bits: u32) -> f32 {
    // 24 random mantissa bits -> [0, 1)
    return f32(bits >> 8u) * (1.0 / 16777216.0);
}

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let i = gid.x;
    if (i >= arrayLength(&randoms)) {
        return;
    }
    let h0 = pcg_hash(i ^ pcg_hash(seed.frame + seed.salt));
    let h1 = pcg_hash(h0);
    let h2 = pcg_hash(h1);
    let z = (to_unit_float(h1) * 2.0) - 1.0;
    let phi = to_unit_float(h2) * 6.2831853;
    let r = sqrt(max(0.0, 1.0 - (z * z)));
    randoms[i] = vec4<f32>(r * cos(phi), r * sin(phi), z, to_unit_float(h0));
}
