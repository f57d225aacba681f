#version 450
// N-body forces: shared memory tile sized by a specialization constant.
struct Particle { vec4 pos; vec4 vel; };
layout (std430, binding = 0) buffer Pos { Particle particles[]; };
layout (binding = 1) uniform UBO { float deltaT; int particleCount; } ubo;
layout (constant_id = 0) const int SHARED_DATA_SIZE = 256;
layout (constant_id = 1) const float GRAVITY = 0.002;
layout (constant_id = 2) const float POWER = 0.75;
layout (constant_id = 3) const float SOFTEN = 0.05;
layout (local_size_x = 256) in;
shared vec4 sharedData[SHARED_DATA_SIZE];
void main() {
	uint index = gl_GlobalInvocationID.x;
	bool inRange = index < uint(ubo.particleCount);
	vec4 position = inRange ? particles[index].pos : vec4(0.0);
	vec3 acceleration = vec3(0.0);
	for (int i = 0; i < ubo.particleCount; i += SHARED_DATA_SIZE) {
		uint src = uint(i) + gl_LocalInvocationID.x;
		sharedData[gl_LocalInvocationID.x] = src < uint(ubo.particleCount) ? particles[src].pos : vec4(0.0);
		barrier();
		for (int j = 0; j < SHARED_DATA_SIZE; j++) {
			vec4 other = sharedData[j];
			vec3 len = other.xyz - position.xyz;
			acceleration += GRAVITY * len * other.w / pow(dot(len, len) + SOFTEN, POWER);
		}
		barrier();
	}
	if (inRange) {
		particles[index].vel.xyz += ubo.deltaT * acceleration;
	}
}
