// The record index spelled as the workgroup's first invocation plus the
// local one, with the workgroup size a constant, behind the usual early
// return. 1000 particles for 1024 invocations: the last subgroups run
// past the array and take the fallback.
const WORKGROUP_SIZE: u32 = 64u;

struct Particle {
    pos: vec3f,
    life: f32,
}

@group(0) @binding(0) var<storage, read_write> particles: array<Particle>;
@group(0) @binding(1) var<uniform> dt: f32;

@compute @workgroup_size(WORKGROUP_SIZE)
fn main(
    @builtin(workgroup_id) workgroup_id: vec3<u32>,
    @builtin(local_invocation_id) local_id: vec3<u32>,
) {
    let i = workgroup_id.x * WORKGROUP_SIZE + local_id.x;
    if (i >= arrayLength(&particles)) {
        return;
    }
    let p = particles[i];
    let life = max(p.life - dt, 0.0);
    let pos = p.pos + vec3f(0.0, -1.0, 0.0) * dt * f32(life > 0.0);
    particles[i] = Particle(pos, life);
}
