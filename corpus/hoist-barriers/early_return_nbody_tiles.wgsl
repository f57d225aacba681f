// N-body accelerations in tiles: each invocation owns one body and, tile
// by tile, loads one body into workgroup memory for the whole workgroup,
// then adds the pull of the tile's bodies on its own. Invocations whose
// body is past the end return before the tile loop and its barriers. A
// tile slot they would have filled stays zero, a body of no mass, which
// pulls nothing; the hand fix (guarding what they store) sees the same.
struct Body {
    position: vec4<f32>, // xyz, and the mass in w
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
    if i >= params.count {
        return;
    }
    let me = bodies[i].position.xyz;
    var acceleration = vec3<f32>(0.0);
    let tiles = (params.count + 255u) / 256u;
    for (var t = 0u; t < tiles; t++) {
        let j = t * 256u + lid;
        tile[lid] = select(vec4<f32>(0.0), bodies[min(j, params.count - 1u)].position, j < params.count);
        workgroupBarrier();
        for (var k = 0u; k < 256u; k++) {
            let other = tile[k];
            let d = other.xyz - me;
            let r2 = dot(d, d) + params.softening;
            acceleration += d * (other.w * inverseSqrt(r2 * r2 * r2));
        }
        workgroupBarrier();
    }
    accelerations[i] = vec4<f32>(acceleration, 0.0);
}
