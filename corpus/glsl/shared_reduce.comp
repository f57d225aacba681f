#version 450
// Workgroup reduction in shared memory sized by a specialization constant.
layout (constant_id = 0) const uint GROUP_SIZE = 128;
layout (local_size_x = 128, local_size_x_id = 0) in;
layout (binding = 0) readonly buffer In { float inputs[]; };
layout (binding = 1) buffer Out { float sums[]; };
shared float partial[GROUP_SIZE];
void main() {
	uint lid = gl_LocalInvocationID.x;
	partial[lid] = inputs[gl_GlobalInvocationID.x];
	barrier();
	for (uint stride = GROUP_SIZE / 2u; stride > 0u; stride >>= 1) {
		if (lid < stride) {
			partial[lid] += partial[lid + stride];
		}
		barrier();
	}
	if (lid == 0u) {
		sums[gl_WorkGroupID.x] = partial[0];
	}
}
