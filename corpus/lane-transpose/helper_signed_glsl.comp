#version 450
// GLSL with the record access in a helper function called with a signed
// index: glslang passes the argument through a local, and the helper's
// body reaches the pass only once inlined. 4-word records.
layout(local_size_x = 64) in;

struct Particle {
    vec2 pos;
    vec2 vel;
};

layout(std430, set = 0, binding = 0) buffer Particles {
    Particle particles[];
};

layout(std140, set = 0, binding = 1) uniform Params {
    float dt;
    int first;
};

void integrate(int i) {
    Particle p = particles[i];
    p.vel *= 0.99;
    p.pos += p.vel * dt;
    particles[i] = p;
}

void main() {
    int index = int(gl_GlobalInvocationID.x) + first;
    integrate(index);
}
