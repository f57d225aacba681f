#version 450
// Hillis-Steele scan in shared memory.
layout (local_size_x = 256) in;
layout (binding = 0) readonly buffer In { uint values[]; };
layout (binding = 1) writeonly buffer Out { uint scanned[]; };
shared uint temp[2][256];
void main() {
	uint lid = gl_LocalInvocationID.x;
	uint gid = gl_GlobalInvocationID.x;
	temp[0][lid] = values[gid];
	barrier();
	uint src = 0u;
	for (uint offset = 1u; offset < 256u; offset <<= 1) {
		uint dst = 1u - src;
		temp[dst][lid] = lid >= offset ? temp[src][lid] + temp[src][lid - offset] : temp[src][lid];
		barrier();
		src = dst;
	}
	scanned[gid] = temp[src][lid];
}
