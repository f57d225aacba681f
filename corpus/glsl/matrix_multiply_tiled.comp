#version 450
// Tiled matrix multiply; tile size is a specialization constant.
layout (constant_id = 0) const uint TS = 16;
layout (local_size_x = 16, local_size_y = 16, local_size_x_id = 0, local_size_y_id = 0) in;
layout (binding = 0) readonly buffer A { float a[]; };
layout (binding = 1) readonly buffer B { float b[]; };
layout (binding = 2) writeonly buffer C { float c[]; };
layout (push_constant) uniform Dims { uint n; } dims;
shared float tileA[TS][TS];
shared float tileB[TS][TS];
void main() {
	uint row = gl_GlobalInvocationID.y;
	uint col = gl_GlobalInvocationID.x;
	uint ly = gl_LocalInvocationID.y;
	uint lx = gl_LocalInvocationID.x;
	float acc = 0.0;
	for (uint t = 0u; t < dims.n / TS; t++) {
		tileA[ly][lx] = a[row * dims.n + t * TS + lx];
		tileB[ly][lx] = b[(t * TS + ly) * dims.n + col];
		barrier();
		for (uint k = 0u; k < TS; k++) {
			acc += tileA[ly][k] * tileB[k][lx];
		}
		barrier();
	}
	c[row * dims.n + col] = acc;
}
