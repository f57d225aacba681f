// A tint color from a define (-D TINT=...).
#ifndef TINT
#define TINT float3(1.0, 0.5, 0.25)
#endif
Texture2D tex : register(t0);
SamplerState smp : register(s1);
float4 main([[vk::location(0)]] float2 uv : TEXCOORD0) : SV_TARGET {
	return float4(tex.Sample(smp, uv).rgb * TINT, 1.0);
}
