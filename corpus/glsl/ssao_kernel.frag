#version 450
// SSAO with the kernel size as a specialization constant sizing a uniform array.
layout (binding = 0) uniform sampler2D samplerPositionDepth;
layout (binding = 1) uniform sampler2D samplerNormal;
layout (constant_id = 0) const int SSAO_KERNEL_SIZE = 16;
layout (constant_id = 1) const float SSAO_RADIUS = 0.5;
layout (binding = 2) uniform UBOSSAOKernel { vec4 samples[SSAO_KERNEL_SIZE]; } uboSSAOKernel;
layout (binding = 3) uniform UBO { mat4 projection; } ubo;
layout (location = 0) in vec2 inUV;
layout (location = 0) out float outFragColor;
void main() {
	vec3 fragPos = texture(samplerPositionDepth, inUV).rgb;
	vec3 normal = normalize(texture(samplerNormal, inUV).rgb * 2.0 - 1.0);
	float occlusion = 0.0;
	for (int i = 0; i < SSAO_KERNEL_SIZE; i++) {
		vec3 samplePos = fragPos + uboSSAOKernel.samples[i].xyz * SSAO_RADIUS;
		vec4 offset = ubo.projection * vec4(samplePos, 1.0);
		offset.xy = (offset.xy / offset.w) * 0.5 + 0.5;
		float sampleDepth = -texture(samplerPositionDepth, offset.xy).w;
		float rangeCheck = smoothstep(0.0, 1.0, SSAO_RADIUS / abs(fragPos.z - sampleDepth));
		occlusion += (sampleDepth >= samplePos.z ? 1.0 : 0.0) * rangeCheck * max(dot(normal, vec3(0.0, 0.0, 1.0)), 0.0);
	}
	outFragColor = 1.0 - (occlusion / float(SSAO_KERNEL_SIZE));
}
