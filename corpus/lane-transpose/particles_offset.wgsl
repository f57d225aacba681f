// One emitter's particles in a pool shared by several: the emitter's
// first particle comes from a uniform, so the record index is the global
// invocation index plus a uniform offset, checked against the pool's end.
// 1024 invocations from the 100th particle of 2048: every subgroup is full
// and its block lies in the pool, wherever the offset puts it.
struct Particle {
    pos: vec2f,
    vel: vec2f,
}

struct Emitter {
    first: u32,
    dt: f32,
    drag: f32,
    gravity: f32,
}

@group(0) @binding(0) var<storage, read_write> pool: array<Particle>;
@group(0) @binding(1) var<uniform> emitter: Emitter;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) global_id: vec3<u32>) {
    let i = global_id.x + emitter.first;
    if (i >= arrayLength(&pool)) {
        return;
    }
    var p = pool[i];
    p.vel = (p.vel - vec2f(0.0, emitter.gravity) * emitter.dt) * (1.0 - emitter.drag);
    p.pos = p.pos + p.vel * emitter.dt;
    pool[i] = p;
}
