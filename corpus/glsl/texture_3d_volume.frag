#version 450
// Ray marching through a 3D texture.
layout (binding = 0) uniform sampler3D volume;
layout (binding = 1) uniform Params { vec4 eye; int steps; } params;
layout (location = 0) in vec3 inPos;
layout (location = 0) out vec4 outColor;
void main() {
	vec3 dir = normalize(inPos - params.eye.xyz);
	vec3 p = inPos * 0.5 + 0.5;
	float density = 0.0;
	for (int i = 0; i < params.steps; i++) {
		density += textureLod(volume, p, 0.0).r * 0.02;
		p += dir * 0.01;
	}
	outColor = vec4(vec3(density), 1.0);
}
