// y = a * x + y over structured buffers.
cbuffer Params : register(b0) { float a; uint count; };
StructuredBuffer<float> x : register(t1);
RWStructuredBuffer<float> y : register(u2);
[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
	if (id.x < count) {
		y[id.x] = a * x[id.x] + y[id.x];
	}
}
