// The 9-tap blur after an edge guard, as HLSL: the invocations past the
// end of the row return before the barrier.
[[vk::binding(0, 0)]] StructuredBuffer<float> input : register(t0);
[[vk::binding(1, 0)]] RWStructuredBuffer<float> output : register(u1);

groupshared float tile[264];

static const float WEIGHTS[9] = { 0.0625, 0.09375, 0.125, 0.15625, 0.125, 0.15625, 0.125, 0.09375, 0.0625 };

[numthreads(256, 1, 1)]
void main(uint3 gid : SV_DispatchThreadID, uint lid : SV_GroupIndex)
{
    uint n, stride;
    input.GetDimensions(n, stride);
    if (gid.x >= n)
        return;
    tile[lid + 4] = input[gid.x];
    if (lid < 4)
    {
        tile[lid] = input[max(gid.x, 4u) - 4];
        tile[lid + 260] = input[min(gid.x + 256, n - 1)];
    }
    GroupMemoryBarrierWithGroupSync();
    float sum = 0.0;
    for (uint k = 0; k < 9; k++)
        sum += tile[lid + k] * WEIGHTS[k];
    output[gid.x] = sum;
}
