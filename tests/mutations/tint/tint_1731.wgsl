@compute @workgroup_size(1)
fn g() {
    const a = vec3(vec3(1, 2, 3));
    const b = a.x << 40;
}
