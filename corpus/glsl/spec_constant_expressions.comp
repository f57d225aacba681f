#version 450
// Specialization-constant expressions (OpSpecConstantOp) in sizes and code.
layout (constant_id = 0) const uint TILE = 16;
layout (constant_id = 1) const uint APRON = 2;
const uint PADDED = TILE + 2u * APRON;
const uint HALF_TILE = TILE / 2u;
layout (local_size_x = 16, local_size_y = 16) in;
layout (binding = 0) readonly buffer Input { float src[]; };
layout (binding = 1) writeonly buffer Output { float dst[]; };
shared float tile[PADDED * PADDED];
void main() {
	uint flat_id = gl_LocalInvocationID.y * TILE + gl_LocalInvocationID.x;
	for (uint i = flat_id; i < PADDED * PADDED; i += TILE * TILE) {
		tile[i] = src[(gl_WorkGroupID.x * TILE + i) % 4096u];
	}
	barrier();
	uint center = (gl_LocalInvocationID.y + APRON) * PADDED + gl_LocalInvocationID.x + APRON;
	dst[gl_GlobalInvocationID.y * 1024u + gl_GlobalInvocationID.x] = tile[center] + float(HALF_TILE);
}
