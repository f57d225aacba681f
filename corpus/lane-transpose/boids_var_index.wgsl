// A flocking step in the shape of the WebGPU "compute boids" sample: the
// particle's index held in a `var` assigned once, every particle of the
// flock read in a loop, and the new position and velocity stored member
// by member into the other buffer (4-word records).
struct Particle {
    pos: vec2f,
    vel: vec2f,
}

struct SimParams {
    deltaT: f32,
    rule1Distance: f32,
    rule2Distance: f32,
    rule3Distance: f32,
    rule1Scale: f32,
    rule2Scale: f32,
    rule3Scale: f32,
    count: u32,
}

@group(0) @binding(0) var<uniform> params: SimParams;
@group(0) @binding(1) var<storage, read> particlesA: array<Particle>;
@group(0) @binding(2) var<storage, read_write> particlesB: array<Particle>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) GlobalInvocationID: vec3u) {
    var index = GlobalInvocationID.x;
    if index >= params.count {
        return;
    }
    var vPos = particlesA[index].pos;
    var vVel = particlesA[index].vel;
    var cMass = vec2(0.0);
    var cVel = vec2(0.0);
    var colVel = vec2(0.0);
    var cMassCount = 0u;
    var cVelCount = 0u;
    for (var i = 0u; i < params.count; i++) {
        if i == index {
            continue;
        }
        let pos = particlesA[i].pos.xy;
        let vel = particlesA[i].vel.xy;
        if distance(pos, vPos) < params.rule1Distance {
            cMass += pos;
            cMassCount++;
        }
        if distance(pos, vPos) < params.rule2Distance {
            colVel -= pos - vPos;
        }
        if distance(pos, vPos) < params.rule3Distance {
            cVel += vel;
            cVelCount++;
        }
    }
    if cMassCount > 0u {
        cMass = (cMass / vec2(f32(cMassCount))) - vPos;
    }
    if cVelCount > 0u {
        cVel /= f32(cVelCount);
    }
    vVel += (cMass * params.rule1Scale) + (colVel * params.rule2Scale) + (cVel * params.rule3Scale);
    vVel = normalize(vVel) * clamp(length(vVel), 0.0, 0.1);
    vPos = vPos + (vVel * params.deltaT);
    if vPos.x < -1.0 {
        vPos.x = 1.0;
    }
    if vPos.x > 1.0 {
        vPos.x = -1.0;
    }
    if vPos.y < -1.0 {
        vPos.y = 1.0;
    }
    if vPos.y > 1.0 {
        vPos.y = -1.0;
    }
    particlesB[index].pos = vPos;
    particlesB[index].vel = vVel;
}
