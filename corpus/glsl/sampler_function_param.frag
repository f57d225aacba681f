#version 450
// Combined samplers passed to functions.
layout (binding = 0) uniform sampler2D albedoMap;
layout (binding = 1) uniform sampler2D normalMap;
layout (location = 0) in vec2 inUV;
layout (location = 0) out vec4 outColor;
vec4 sampleBiased(sampler2D s, vec2 uv, float bias) { return texture(s, uv, bias); }
vec3 unpackNormal(sampler2D s, vec2 uv) { return normalize(sampleBiased(s, uv, 0.0).xyz * 2.0 - 1.0); }
void main() {
	vec3 n = unpackNormal(normalMap, inUV);
	outColor = sampleBiased(albedoMap, inUV, 0.5) * max(n.z, 0.0);
}
