#version 450
// 8-word records (two vec4) in a block read through glslang: an early
// return guards the bounds; 4000 records for 4096 invocations.
layout(local_size_x = 256) in;

struct Particle {
    vec4 pos;
    vec4 vel;
};

layout(std430, set = 0, binding = 0) readonly buffer ParticlesIn { Particle pin[]; };
layout(std430, set = 0, binding = 1) buffer ParticlesOut { Particle pout[]; };
layout(set = 0, binding = 2) uniform Params { float dt; };

void main() {
    uint i = gl_GlobalInvocationID.x;
    if (i >= pout.length()) {
        return;
    }
    Particle p = pin[i];
    p.vel += vec4(0.0, -9.81, 0.0, 0.0) * dt;
    p.pos += p.vel * dt;
    pout[i] = p;
}
