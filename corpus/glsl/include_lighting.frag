#version 450
// Lighting functions from an include file.
#include "include/lighting.glsl"
layout (location = 0) in vec3 inNormal;
layout (location = 1) in vec3 inViewVec;
layout (location = 0) out vec4 outColor;
layout (set = 0, binding = 1) uniform Material { vec4 baseColor; float shininess; } material;
void main() {
	vec3 n = normalize(inNormal);
	vec3 v = normalize(inViewVec);
	vec3 l = normalize(vec3(0.3, 1.0, 0.5));
	float d = lambert(n, l);
	float s = blinnPhong(n, l, v, material.shininess);
	outColor = vec4(material.baseColor.rgb * d + vec3(s), material.baseColor.a);
}
