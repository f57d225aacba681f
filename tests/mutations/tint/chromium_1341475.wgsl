@compute @workgroup_size(1)
fn main() {
    let a = mix(1.0, vec2(1.0).y, 1.0);
}
