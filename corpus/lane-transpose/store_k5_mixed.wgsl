// Five words of three kinds per record: the words are moved between lanes
// as bits, whatever their type.
struct Hit {
    distance: f32,
    primitive: u32,
    u: f32,
    v: f32,
    side: i32,
}

@group(0) @binding(0) var<storage, read> rays: array<f32>;
@group(0) @binding(1) var<storage, read_write> hits: array<Hit>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let i = gid.x;
    let t = rays[i];
    hits[i] = Hit(t * 0.5, i * 7u + 3u, fract(t), 1.0 - fract(t), select(-1, 1, t > 0.0));
}
