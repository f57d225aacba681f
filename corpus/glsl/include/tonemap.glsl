// Filmic curve (Uncharted 2 style) and sRGB encode.
vec3 uncharted2(vec3 x) {
	const float A = 0.15, B = 0.50, C = 0.10, D = 0.20, E = 0.02, F = 0.30;
	return ((x * (A * x + C * B) + D * E) / (x * (A * x + B) + D * F)) - E / F;
}
vec3 toSrgb(vec3 c) { return pow(c, vec3(1.0 / 2.2)); }
