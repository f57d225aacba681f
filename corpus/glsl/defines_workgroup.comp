#version 450
// Workgroup size and element type chosen by defines.
#ifndef WG
#define WG 64
#endif
#ifdef USE_INT
#define ELEM int
#else
#define ELEM float
#endif
layout (local_size_x = WG) in;
layout (binding = 0) buffer Data { ELEM data[]; };
void main() {
	data[gl_GlobalInvocationID.x] = data[gl_GlobalInvocationID.x] + ELEM(1);
}
