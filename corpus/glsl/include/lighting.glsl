// Lambert and Blinn-Phong terms shared by the lit fragment shaders.
float lambert(vec3 n, vec3 l) { return max(dot(n, l), 0.0); }
float blinnPhong(vec3 n, vec3 l, vec3 v, float shininess) {
	vec3 h = normalize(l + v);
	return pow(max(dot(n, h), 0.0), shininess);
}
