#version 450
// Workgroup size from specialization constants (local_size_x_id).
layout (local_size_x_id = 0, local_size_y_id = 1) in;
layout (constant_id = 2) const float SCALE = 2.0;
layout (binding = 0) buffer Data { float values[]; };
void main() {
	uint i = gl_GlobalInvocationID.y * gl_NumWorkGroups.x * gl_WorkGroupSize.x + gl_GlobalInvocationID.x;
	values[i] *= SCALE;
}
