// Hand-written: every invocation reaches the barrier; those past the end
// load nothing and store nothing.
[[vk::binding(0, 0)]] StructuredBuffer<float> input : register(t0);
[[vk::binding(1, 0)]] RWStructuredBuffer<float> output : register(u1);

groupshared float tile[264];

static const float WEIGHTS[9] = { 0.0625, 0.09375, 0.125, 0.15625, 0.125, 0.15625, 0.125, 0.09375, 0.0625 };

[numthreads(256, 1, 1)]
void main(uint3 gid : SV_DispatchThreadID, uint lid : SV_GroupIndex)
{
    uint n, stride;
    input.GetDimensions(n, stride);
    bool live = gid.x < n;
    if (live)
    {
        tile[lid + 4] = input[gid.x];
        if (lid < 4)
        {
            tile[lid] = input[max(gid.x, 4u) - 4];
            tile[lid + 260] = input[min(gid.x + 256, n - 1)];
        }
    }
    GroupMemoryBarrierWithGroupSync();
    if (live)
    {
        float sum = 0.0;
        for (uint k = 0; k < 9; k++)
            sum += tile[lid + k] * WEIGHTS[k];
        output[gid.x] = sum;
    }
}
