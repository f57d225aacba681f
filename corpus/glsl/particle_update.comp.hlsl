// Particles with a struct buffer and a delta time.
struct Particle { float2 pos; float2 vel; };
cbuffer Sim : register(b0) { float deltaT; uint particleCount; };
RWStructuredBuffer<Particle> particles : register(u1);
[numthreads(256, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
	uint i = id.x;
	if (i >= particleCount) {
		return;
	}
	Particle p = particles[i];
	p.vel.y -= 9.81 * deltaT;
	p.pos += p.vel * deltaT;
	if (p.pos.y < -1.0) {
		p.pos.y = -1.0;
		p.vel.y = -p.vel.y * 0.5;
	}
	particles[i] = p;
}
