#version 450
// The fragment half of a GLSL pair (lit.vert is the other): diffuse and
// rim light from a uniform block.

layout(set = 0, binding = 1) uniform Light {
    vec4 direction;
    vec4 colour;
} light;

layout(location = 0) in vec3 v_normal;
layout(location = 1) in vec2 v_uv;
layout(location = 0) out vec4 o_colour;

void main() {
    vec3 n = normalize(v_normal + vec3(0.0, 0.0, 1.0));
    float diffuse = max(dot(n, normalize(light.direction.xyz + vec3(0.1))), 0.0);
    float rim = pow(1.0 - abs(n.z), 2.0);
    o_colour = vec4(light.colour.rgb * diffuse + vec3(rim) * v_uv.x, v_uv.y);
}
