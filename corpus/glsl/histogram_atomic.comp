#version 450
// A 256-bin luminance histogram with shared atomics.
layout (local_size_x = 16, local_size_y = 16) in;
layout (binding = 0) uniform sampler2D image;
layout (binding = 1) buffer Histogram { uint bins[256]; };
shared uint localBins[256];
void main() {
	uint lid = gl_LocalInvocationIndex;
	localBins[lid] = 0u;
	barrier();
	vec3 c = texelFetch(image, ivec2(gl_GlobalInvocationID.xy), 0).rgb;
	uint bin = uint(clamp(dot(c, vec3(0.2126, 0.7152, 0.0722)), 0.0, 1.0) * 255.0);
	atomicAdd(localBins[bin], 1u);
	barrier();
	atomicAdd(bins[lid], localBins[lid]);
}
