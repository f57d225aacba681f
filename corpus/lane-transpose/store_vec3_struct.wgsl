// Each invocation writes one 3-float record: the stores of a subgroup
// stride over three times the memory they fill.
struct Point {
    x: f32,
    y: f32,
    z: f32,
}

@group(0) @binding(0) var<storage, read> seeds: array<f32>;
@group(0) @binding(1) var<storage, read_write> points: array<Point>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let i = gid.x;
    let s = seeds[i];
    points[i] = Point(s, s * 2.0, s + 1.0);
}
