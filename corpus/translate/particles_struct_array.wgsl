// Particle integration over an array of structs. The uniform block uses the
// usual vec3<f32> + f32 packing so every member sits at a 16-byte boundary.

struct Particle {
    position: vec3<f32>,
    mass: f32,
    velocity: vec3<f32>,
    age: f32,
}

struct SimParams {
    gravity: vec3<f32>,
    dt: f32,
    bounds_min: vec3<f32>,
    damping: f32,
    bounds_max: vec3<f32>,
    max_age: f32,
}

@group(0) @binding(0) var<uniform> sim: SimParams;
@group(0) @binding(1) var<storage, read_write> particles: array<Particle>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let i = gid.x;
    if (i >= arrayLength(&particles)) {
        return;
    }
    var p = particles[i];
    let inv_mass = select(0.0, 1.0 / p.mass, p.mass > 0.0);
    p.velocity = p.velocity + (sim.gravity * (sim.dt * min(inv_mass, 1.0)));
    p.position = p.position + (p.velocity * sim.dt);

    let below = p.position < sim.bounds_min;
    let above = p.position > sim.bounds_max;
    let hit = vec3<bool>(below.x || above.x, below.y || above.y, below.z || above.z);
    p.velocity = select(p.velocity, -p.velocity * sim.damping, hit);
    p.position = clamp(p.position, sim.bounds_min, sim.bounds_max);

    p.age = p.age + sim.dt;
    if (p.age > sim.max_age) {
        p.age = 0.0;
        p.position = vec3<f32>(0.0);
        p.velocity = vec3<f32>(0.0, 1.0, 0.0);
    }
    particles[i] = p;
}
