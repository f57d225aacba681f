// A particle update that reads and writes 4-word records: position and
// velocity in one dimension, a lifetime and a flag word.
struct Particle {
    position: f32,
    velocity: f32,
    life: f32,
    flags: u32,
}

@group(0) @binding(0) var<storage, read_write> particles: array<Particle>;
@group(0) @binding(1) var<uniform> dt: f32;

@compute @workgroup_size(128)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let i = gid.x;
    var p = particles[i];
    p.velocity = p.velocity - 9.81 * dt;
    p.position = p.position + p.velocity * dt;
    p.life = max(p.life - dt, 0.0);
    p.flags = p.flags | select(0u, 1u, p.life == 0.0);
    particles[i] = p;
}
