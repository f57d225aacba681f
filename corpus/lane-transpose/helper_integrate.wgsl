// Particles integrated by a helper function called with the invocation's
// index: the record load and store are the helper's, which the pass
// inlines into the entry point. 6-word records, the last word padding
// (a `vec2f` aligns the record to 8 bytes).
struct Particle {
    pos: vec2f,
    vel: vec2f,
    age: f32,
}

@group(0) @binding(0) var<storage, read_write> particles: array<Particle>;
@group(0) @binding(1) var<uniform> dt: f32;

fn integrate(i: u32, gravity: vec2f) {
    var p = particles[i];
    p.vel += gravity * dt;
    p.pos += p.vel * dt;
    p.age += dt;
    particles[i] = p;
}

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3u) {
    integrate(gid.x, vec2f(0.0, -9.81));
}
