#version 450
// texelFetch and textureSize on a combined sampler.
layout (binding = 0) uniform sampler2D image;
layout (location = 0) in vec2 inUV;
layout (location = 0) out vec4 outColor;
void main() {
	ivec2 size = textureSize(image, 0);
	ivec2 texel = clamp(ivec2(inUV * vec2(size)), ivec2(0), size - 1);
	outColor = texelFetch(image, texel, 0);
}
