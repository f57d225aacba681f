#version 450
// Sample count from a define (-D SAMPLES=4); one branch per define.
#ifndef SAMPLES
#define SAMPLES 1
#endif
layout (binding = 0) uniform sampler2D colorTex;
layout (location = 0) in vec2 inUV;
layout (location = 0) out vec4 outColor;
void main() {
	vec4 sum = vec4(0.0);
	vec2 texel = 1.0 / vec2(textureSize(colorTex, 0));
	for (int i = 0; i < SAMPLES; i++) {
		sum += texture(colorTex, inUV + texel * float(i) * 0.25);
	}
#ifdef GRAYSCALE
	float g = dot(sum.rgb, vec3(0.299, 0.587, 0.114)) / float(SAMPLES);
	outColor = vec4(vec3(g), 1.0);
#else
	outColor = sum / float(SAMPLES);
#endif
}
