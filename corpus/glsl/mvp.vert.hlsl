// Model-view-projection from a constant buffer.
struct UBO { float4x4 projection; float4x4 model; float4x4 view; };
cbuffer ubo : register(b0) { UBO ubo; }
struct VSInput { [[vk::location(0)]] float3 pos : POSITION0; [[vk::location(1)]] float3 color : COLOR0; };
struct VSOutput { float4 pos : SV_POSITION; [[vk::location(0)]] float3 color : COLOR0; };
VSOutput main(VSInput input) {
	VSOutput output;
	output.color = input.color;
	output.pos = mul(ubo.projection, mul(ubo.view, mul(ubo.model, float4(input.pos, 1.0))));
	return output;
}
