#version 450
// Particles as points (the size stays 1: WGSL has no point size).
layout (location = 0) in vec4 inPos;
layout (location = 1) in vec4 inGradientPos;
layout (location = 0) out vec4 outColor;
out gl_PerVertex { vec4 gl_Position; };
void main() {
	outColor = vec4(0.035 + inGradientPos.x, 0.5, 1.0 - inGradientPos.x, 1.0);
	gl_Position = vec4(inPos.xy, 1.0, 1.0);
}
