// The store happens only where the seed is positive: not every lane of a
// subgroup takes part, so the store stays as it is.
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
    if s > 0.0 {
        points[i] = Point(s, s * 2.0, s + 1.0);
    }
}
