#version 450
// Sobel edges between two storage images.
layout (local_size_x = 8, local_size_y = 8) in;
layout (binding = 0, rgba8) uniform readonly image2D inputImage;
layout (binding = 1, rgba8) uniform writeonly image2D resultImage;
float lum(ivec2 p) { return dot(imageLoad(inputImage, p).rgb, vec3(0.299, 0.587, 0.114)); }
void main() {
	ivec2 p = ivec2(gl_GlobalInvocationID.xy);
	float gx = lum(p + ivec2(1, -1)) + 2.0 * lum(p + ivec2(1, 0)) + lum(p + ivec2(1, 1))
	         - lum(p + ivec2(-1, -1)) - 2.0 * lum(p + ivec2(-1, 0)) - lum(p + ivec2(-1, 1));
	float gy = lum(p + ivec2(-1, 1)) + 2.0 * lum(p + ivec2(0, 1)) + lum(p + ivec2(1, 1))
	         - lum(p + ivec2(-1, -1)) - 2.0 * lum(p + ivec2(0, -1)) - lum(p + ivec2(1, -1));
	imageStore(resultImage, p, vec4(vec3(length(vec2(gx, gy))), 1.0));
}
