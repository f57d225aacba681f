// Invert an RGBA image in place.
[[vk::image_format("rgba8")]] RWTexture2D<float4> image : register(u0);
[numthreads(8, 8, 1)]
void main(uint3 id : SV_DispatchThreadID) {
	uint w, h;
	image.GetDimensions(w, h);
	if (id.x < w && id.y < h) {
		float4 c = image[id.xy];
		image[id.xy] = float4(1.0 - c.rgb, c.a);
	}
}
