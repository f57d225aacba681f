// Luminance from a shared include.
#include "include/common.hlsli"
Texture2D sceneTex : register(t0);
SamplerState sceneSampler : register(s1);
float4 main(VSOutput input) : SV_TARGET {
	float3 c = sceneTex.Sample(sceneSampler, input.uv).rgb;
	return float4(luminance(c).xxx, 1.0f);
}
