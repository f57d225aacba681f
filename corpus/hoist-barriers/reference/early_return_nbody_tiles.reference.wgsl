// Hand-written: every invocation runs the tile loop, whose trip count is
// read from a uniform buffer; those past the end store nothing.
struct Body {
    position: vec4<f32>,
}

struct Params {
    count: u32,
    softening: f32,
}

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read> bodies: array<Body>;
@group(0) @binding(2) var<storage, read_write> accelerations: array<vec4<f32>>;

var<workgroup> tile: array<vec4<f32>, 256>;

@compute @workgroup_size(256)
fn main(
    @builtin(global_invocation_id) gid: vec3<u32>,
    @builtin(local_invocation_index) lid: u32,
) {
    let i = gid.x;
    let live = i < params.count;
    let me = bodies[min(i, params.count - 1u)].position.xyz;
    var acceleration = vec3<f32>(0.0);
    let tiles = (params.count + 255u) / 256u;
    for (var t = 0u; t < tiles; t++) {
        let j = t * 256u + lid;
        if live {
            tile[lid] = select(vec4<f32>(0.0), bodies[min(j, params.count - 1u)].position, j < params.count);
        }
        workgroupBarrier();
        for (var k = 0u; k < 256u; k++) {
            let other = tile[k];
            let d = other.xyz - me;
            let r2 = dot(d, d) + params.softening;
            acceleration += d * (other.w * inverseSqrt(r2 * r2 * r2));
        }
        workgroupBarrier();
    }
    if live {
        accelerations[i] = vec4<f32>(acceleration, 0.0);
    }
}
