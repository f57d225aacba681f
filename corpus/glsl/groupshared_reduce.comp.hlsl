// Workgroup sum in groupshared memory.
StructuredBuffer<float> inputs : register(t0);
RWStructuredBuffer<float> sums : register(u1);
groupshared float partial[128];
[numthreads(128, 1, 1)]
void main(uint3 gid : SV_DispatchThreadID, uint3 lid : SV_GroupThreadID, uint3 group : SV_GroupID) {
	partial[lid.x] = inputs[gid.x];
	GroupMemoryBarrierWithGroupSync();
	for (uint stride = 64; stride > 0; stride >>= 1) {
		if (lid.x < stride) {
			partial[lid.x] += partial[lid.x + stride];
		}
		GroupMemoryBarrierWithGroupSync();
	}
	if (lid.x == 0) {
		sums[group.x] = partial[0];
	}
}
