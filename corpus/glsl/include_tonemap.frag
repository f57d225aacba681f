#version 450
// HDR tone mapping with an include and a combined sampler.
#include "include/tonemap.glsl"
layout (binding = 0) uniform sampler2D hdrImage;
layout (binding = 1) uniform Exposure { float exposure; float whitePoint; } params;
layout (location = 0) in vec2 inUV;
layout (location = 0) out vec4 outColor;
void main() {
	vec3 hdr = texture(hdrImage, inUV).rgb * params.exposure;
	vec3 mapped = uncharted2(hdr) / uncharted2(vec3(params.whitePoint));
	outColor = vec4(toSrgb(mapped), 1.0);
}
