#version 450

// Euler integration over a std430 array of structs, with a std140 uniform
// block, a helper function and a bounded loop.
// (No atomics: naga 30's GLSL front end does not know atomicAdd & co.)

layout(local_size_x = 64) in;

struct Particle {
    vec4 position;
    vec4 velocity;
};

layout(std140, set = 0, binding = 0) uniform SimParams {
    vec4 gravity;
    float dt;
    float damping;
    uint substeps;
    uint count;
} sim;

layout(std430, set = 0, binding = 1) buffer Particles {
    Particle particles[];
};

vec3 bounce(vec3 p, inout vec3 v, float damping) {
    if (p.y < 0.0) {
        v.y = -v.y * damping;
        p.y = 0.0;
    }
    return p;
}

void main() {
    uint i = gl_GlobalInvocationID.x;
    if (i >= sim.count) {
        return;
    }
    vec3 p = particles[i].position.xyz;
    vec3 v = particles[i].velocity.xyz;
    float h = sim.dt / float(max(sim.substeps, 1u));
    for (uint s = 0u; s < min(sim.substeps, 8u); s++) {
        v += sim.gravity.xyz * h;
        p += v * h;
        p = bounce(p, v, sim.damping);
    }
    particles[i].position = vec4(p, 1.0);
    particles[i].velocity = vec4(v, 0.0);
}
