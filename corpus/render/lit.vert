#version 450
// The vertex half of a GLSL pair (lit.frag is the other): a model matrix
// from a uniform block, the normal passed on.

layout(set = 0, binding = 0) uniform Model {
    mat4 model;
    float scale;
} u;

layout(location = 0) in vec3 a_position;
layout(location = 1) in vec3 a_normal;
layout(location = 0) out vec3 v_normal;
layout(location = 1) out vec2 v_uv;

void main() {
    vec4 world = u.model * vec4(a_position, 1.0);
    gl_Position = vec4(a_position.xy * u.scale, world.z * 0.25 + 0.5, 1.0);
    v_normal = mat3(u.model) * a_normal;
    v_uv = a_position.xy * 0.5 + 0.5;
}
