// A particle integrate step over 8-word records (two vec4 members), inside
// a bounds guard. 4000 particles for 4096 invocations: the subgroups past
// the end hold inactive invocations, which take part in the shuffles and
// store nothing.
struct Particle {
    pos: vec4f,
    vel: vec4f,
}


@group(0) @binding(0) var<storage, read> particles_in: array<Particle>;
@group(0) @binding(1) var<storage, read_write> particles_out: array<Particle>;
@group(0) @binding(2) var<uniform> dt: f32;

@compute @workgroup_size(256)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let i = gid.x;
    if (i < arrayLength(&particles_out)) {
        let p = particles_in[i];
        let vel = p.vel + vec4f(0.0, -9.81, 0.0, 0.0) * dt;
        let pos = p.pos + vel * dt;
        particles_out[i] = Particle(pos, vel * 0.999);
    }
}
