// An early return in an HLSL entry point, before a loop of barriers.
// glslang inlines the entry point's body into the wrapper that copies the
// built-ins and writes the `return` as a `break` out of a `switch` that
// runs once; its loop keeps `acc` and `i` in variables that the loop body
// loads first and the continuing block steps.
[[vk::binding(0, 0)]] RWStructuredBuffer<uint> data : register(u0);
[[vk::binding(1, 0)]] StructuredBuffer<uint> limits : register(t1);

groupshared uint tile[64];

[numthreads(64, 1, 1)]
void main(uint3 gid : SV_DispatchThreadID, uint3 lid : SV_GroupThreadID, uint3 wid : SV_GroupID)
{
    uint n = limits[wid.x] % 65;
    if (lid.x >= n)
        return;
    uint acc = data[gid.x] % 1000;
    for (uint i = 0; i < 4; i++)
    {
        tile[lid.x] = acc + i;
        GroupMemoryBarrierWithGroupSync();
        acc += tile[(lid.x + 1) % n];
        GroupMemoryBarrierWithGroupSync();
    }
    data[gid.x] = acc;
}
