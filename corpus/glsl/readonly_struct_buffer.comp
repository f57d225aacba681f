#version 450
// A read-only buffer with several members, written to a read-write one.
struct Light { vec4 position; vec4 color; };
layout (local_size_x = 32) in;
layout (std430, binding = 0) readonly buffer Lights { uint lightCount; uint pad0; uint pad1; uint pad2; Light lights[]; };
layout (std430, binding = 1) buffer Result { vec4 total; };
void main() {
	if (gl_GlobalInvocationID.x == 0u) {
		vec4 sum = vec4(0.0);
		for (uint i = 0u; i < lightCount; i++) {
			sum += lights[i].color * lights[i].position.w;
		}
		total = sum;
	}
}
