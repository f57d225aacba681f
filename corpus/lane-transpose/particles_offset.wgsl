// One emitter's particles in a pool shared by several: the emitter's
// first particle comes from a uniform, so the record index is the global
// invocation index plus a uniform offset. 1024 particles from the 100th,
// in a pool of 2048: every subgroup is full and its block in the pool.
struct Particle {
    pos: vec2f,
    vel: vec2f,
}

struct Emitter {
    first: u32,
    count: u32,
    dt: f32,
    drag: f32,
}

@group(0) @binding(0) var<storage, read_write> pool: array<Particle>;
@group(0) @binding(1) var<uniform> emitter: Emitter;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) global_id: vec3<u32>) {
    if (global_id.x >= emitter.count) {
        return;
    }
    let i = global_id.x + emitter.first;
    var p = pool[i];
    p.vel = (p.vel - vec2f(0.0, 9.81) * emitter.dt) * (1.0 - emitter.drag);
    p.pos = p.pos + p.vel * emitter.dt;
    pool[i] = p;
}
