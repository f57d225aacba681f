// A specialization constant in HLSL.
[[vk::constant_id(0)]] const float SCALE = 2.0;
RWStructuredBuffer<float> data : register(u0);
[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
	data[id.x] *= SCALE;
}
