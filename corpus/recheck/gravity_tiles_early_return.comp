#version 450
// Bodies pull on each other through tiles staged in shared memory. An
// invocation past the last body leaves at once, before the tile loop, yet
// the loop's barriers wait for the whole workgroup.
layout (local_size_x = 64) in;

struct Body { vec4 place; vec4 speed; };
layout (std430, set = 0, binding = 0) buffer Bodies { Body bodies[]; };
layout (std140, set = 0, binding = 1) uniform Step { float dt; uint bodyCount; } step;

shared vec4 tile[64];

void main() {
    uint self = gl_GlobalInvocationID.x;
    if (self >= step.bodyCount) return;

    vec3 here = bodies[self].place.xyz;
    vec3 pull = vec3(0.0);
    for (uint first = 0u; first < step.bodyCount; first += 64u) {
        uint other = first + gl_LocalInvocationID.x;
        tile[gl_LocalInvocationID.x] = other < step.bodyCount ? bodies[other].place : vec4(0.0);
        memoryBarrierShared();
        barrier();
        for (uint k = 0u; k < 64u; k++) {
            vec3 toward = tile[k].xyz - here;
            pull += tile[k].w * toward * inversesqrt(dot(toward, toward) + 0.01);
        }
        memoryBarrierShared();
        barrier();
    }
    bodies[self].speed.xyz += step.dt * pull;
}
