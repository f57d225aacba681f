// The value of an atomic on a storage image texel is used (a single
// pass downsampler's counter of finished workgroups): naga's IR has image
// atomics that return no value, so this is refused at the atomic.
RWTexture2D<uint> global_atomic : register(u0);
RWStructuredBuffer<uint> last_group : register(u1);

groupshared uint counter;

[numthreads(64, 1, 1)]
void main(uint3 group : SV_GroupID, uint index : SV_GroupIndex)
{
    if (index == 0)
    {
        uint finished;
        InterlockedAdd(global_atomic[int2(0, 0)], 1, finished);
        counter = finished;
    }
    GroupMemoryBarrierWithGroupSync();
    if (index == 0 && counter == 15)
    {
        last_group[0] = group.x;
    }
}
