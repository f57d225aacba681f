#version 450
// Box blur from a sampled image into a storage image.
layout (local_size_x = 16, local_size_y = 16) in;
layout (binding = 0) uniform sampler2D inputImage;
layout (binding = 1, rgba8) uniform writeonly image2D resultImage;
void main() {
	ivec2 p = ivec2(gl_GlobalInvocationID.xy);
	ivec2 size = imageSize(resultImage);
	if (p.x >= size.x || p.y >= size.y) {
		return;
	}
	vec4 sum = vec4(0.0);
	for (int y = -1; y <= 1; y++) {
		for (int x = -1; x <= 1; x++) {
			sum += texelFetch(inputImage, clamp(p + ivec2(x, y), ivec2(0), size - 1), 0);
		}
	}
	imageStore(resultImage, p, sum / 9.0);
}
