// A tone-mapping pass driven by a uniform buffer: exposure, a colour
// matrix and a white point scale texels read with textureLoad; the result
// is accumulated into a read_write r32float luminance texture and written
// to an rgba16float storage texture. A read-only r32uint storage texture
// holds a per-texel mask. The tile size is an override, used at its
// default. The grade's fields are wrapped into a plausible range, so that
// any values in the uniform buffer give a picture.

override tile_scale: f32 = 0.5;

struct Grade {
    color: mat3x3<f32>,
    exposure: f32,
    white: f32,
    lift: vec4<f32>,
}

@group(0) @binding(0) var<uniform> grade: Grade;
@group(0) @binding(1) var hdr: texture_2d<f32>;
@group(0) @binding(2) var mask: texture_storage_2d<r32uint, read>;
@group(0) @binding(3) var luminance: texture_storage_2d<r32float, read_write>;
@group(0) @binding(4) var graded: texture_storage_2d<rgba16float, write>;

@compute @workgroup_size(8, 8)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let size = textureDimensions(graded);
    if (gid.x >= size.x || gid.y >= size.y) {
        return;
    }
    let c = textureLoad(hdr, gid.xy, 0);
    let m = grade.color;
    let color = mat3x3<f32>(fract(m[0]), fract(m[1]), fract(m[2]));
    let exposure = fract(grade.exposure) * 4.0 - 2.0;
    let white = 0.5 + fract(abs(grade.white)) * 4.0;
    var rgb = color * (c.rgb * exp2(exposure)) + fract(grade.lift.rgb) * 0.1;
    rgb = rgb / (1.0 + rgb / white);
    if ((textureLoad(mask, gid.xy).x & 1u) == 0u) {
        rgb = rgb * tile_scale;
    }
    let y = dot(rgb, vec3<f32>(0.2126, 0.7152, 0.0722));
    let previous = textureLoad(luminance, gid.xy).x;
    textureStore(luminance, gid.xy, vec4<f32>(previous * 0.5 + y));
    textureStore(graded, gid.xy, vec4<f32>(rgb, c.a));
}
