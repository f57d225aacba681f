#version 450
// Particle integration with a read-only parameter buffer.
struct Particle { vec2 pos; vec2 vel; vec4 gradientPos; };
layout (std140, binding = 0) buffer Pos { Particle particles[]; };
layout (binding = 1) uniform UBO { float deltaT; float destX; float destY; int particleCount; } ubo;
layout (local_size_x = 256) in;
vec2 attraction(vec2 pos, vec2 attractPos) {
	vec2 delta = attractPos - pos;
	const float damp = 0.5;
	float dDampedDot = dot(delta, delta) + damp;
	float invDist = 1.0f / sqrt(dDampedDot);
	return delta * invDist * invDist * invDist * 0.001;
}
void main() {
	uint index = gl_GlobalInvocationID.x;
	if (index >= ubo.particleCount) return;
	vec2 vVel = particles[index].vel.xy;
	vec2 vPos = particles[index].pos.xy;
	vVel += attraction(vPos, vec2(ubo.destX, ubo.destY)) * 12000.0 * ubo.deltaT;
	vPos += vVel * ubo.deltaT;
	if ((vPos.x < -1.0) || (vPos.x > 1.0) || (vPos.y < -1.0) || (vPos.y > 1.0)) vVel = (-vVel * 0.1) + attraction(vPos, vec2(0.0)) * 12000.0;
	particles[index].pos.xy = vPos;
	particles[index].vel.xy = vVel;
	particles[index].gradientPos.x += 0.02 * ubo.deltaT;
}
