// Full-screen triangle from SV_VertexID.
#include "include/common.hlsli"
VSOutput main(uint vertexIndex : SV_VertexID) {
	VSOutput output;
	output.uv = float2((vertexIndex << 1) & 2, vertexIndex & 2);
	output.pos = float4(output.uv * 2.0f - 1.0f, 0.0f, 1.0f);
	return output;
}
