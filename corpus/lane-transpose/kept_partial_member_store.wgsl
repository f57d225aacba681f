// Only one member of the record is written: a coalesced store would
// overwrite the other, which another dispatch may own. It stays, with a
// note.
struct Particle {
    pos: vec2f,
    vel: vec2f,
}

@group(0) @binding(0) var<storage, read_write> particles: array<Particle>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let i = gid.x;
    particles[i].pos = particles[i].pos + particles[i].vel;
}
