// Particles of two vec2 members (4 words), read and written member by
// member through a pointer, behind the usual early return. 1000 particles
// for 1024 invocations: the last subgroups run past the end of the array
// and take the guarded fallback.
struct Particle {
    pos: vec2f,
    vel: vec2f,
}

@group(0) @binding(0) var<storage, read_write> particles: array<Particle>;
@group(0) @binding(1) var<uniform> dt: f32;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let i = gid.x;
    if (i >= arrayLength(&particles)) {
        return;
    }
    let p = &particles[i];
    let pos = (*p).pos;
    let vel = (*p).vel - vec2f(0.0, 9.81) * dt;
    (*p).pos = pos + vel * dt;
    (*p).vel = vel;
}
