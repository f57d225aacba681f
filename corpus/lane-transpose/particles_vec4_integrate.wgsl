// A particle integrate step over 8-word records (two vec4 members), inside
// a bounds guard on a count from a uniform. Subgroups past the count hold
// inactive invocations, which take part in the shuffles and store nothing.
struct Particle {
    pos: vec4f,
    vel: vec4f,
}

struct Params {
    count: u32,
    dt: f32,
}

@group(0) @binding(0) var<storage, read> particles_in: array<Particle>;
@group(0) @binding(1) var<storage, read_write> particles_out: array<Particle>;
@group(0) @binding(2) var<uniform> params: Params;

@compute @workgroup_size(256)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let i = gid.x;
    if (i < params.count) {
        let p = particles_in[i];
        let vel = p.vel + vec4f(0.0, -9.81, 0.0, 0.0) * params.dt;
        let pos = p.pos + vel * params.dt;
        particles_out[i] = Particle(pos, vel * 0.999);
    }
}
