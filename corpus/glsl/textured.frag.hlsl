// A texture and a sampler at their own registers.
Texture2D textureColor : register(t1);
SamplerState samplerColor : register(s2);
float4 main([[vk::location(0)]] float2 uv : TEXCOORD0) : SV_TARGET {
	return textureColor.Sample(samplerColor, uv);
}
