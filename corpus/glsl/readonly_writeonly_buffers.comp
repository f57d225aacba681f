#version 450
// Read-only and write-only storage buffers.
layout (local_size_x = 64) in;
layout (std430, binding = 0) readonly buffer A { float a[]; };
layout (std430, binding = 1) readonly buffer B { float b[]; };
layout (std430, binding = 2) writeonly buffer C { float c[]; };
layout (binding = 3) uniform Params { float alpha; uint count; } params;
void main() {
	uint i = gl_GlobalInvocationID.x;
	if (i < params.count) {
		c[i] = params.alpha * a[i] + b[i];
	}
}
