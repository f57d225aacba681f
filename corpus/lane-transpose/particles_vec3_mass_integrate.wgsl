// A particle integrate step over 8-word records whose members are a vec3
// and a scalar each (position and mass, velocity and age): no padding, and
// the original's stores are a 12-byte and a 4-byte store per half record.
// 4000 particles for 4096 invocations, inside a bounds guard.
struct Particle {
    pos: vec3f,
    mass: f32,
    vel: vec3f,
    age: f32,
}

@group(0) @binding(0) var<storage, read> particles_in: array<Particle>;
@group(0) @binding(1) var<storage, read_write> particles_out: array<Particle>;
@group(0) @binding(2) var<uniform> dt: f32;

@compute @workgroup_size(256)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let i = gid.x;
    if (i < arrayLength(&particles_out)) {
        let p = particles_in[i];
        let vel = p.vel + vec3f(0.0, -9.81, 0.0) * dt;
        let pos = p.pos + vel * dt;
        particles_out[i] = Particle(pos, p.mass, vel * 0.999, p.age + dt);
    }
}
