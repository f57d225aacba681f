// The values `uniform_f16_matrices.wgsl` reads from the harness's
// uniforms (1 to 38 for `u`, member by member and column by column, 101 to 112
// for `m`),
// written as constants.
enable f16;

struct Uniforms {
    d: array<mat2x3<f16>, 2>,
    a: mat2x4<f16>,
    b: mat3x3<f16>,
    c: mat4x2<f16>,
    s: f16,
}

@group(0) @binding(0) var<uniform> u: Uniforms;
@group(0) @binding(1) var<uniform> m: mat3x4<f16>;
@group(0) @binding(2) var<storage, read_write> out: array<f32, 64>;

@compute @workgroup_size(1)
fn main() {
    // Bound as the shader binds them; their values are not read.
    if u.s < 0.0h || m[0].x < 0.0h {
        return;
    }
    out[0] = 13.0;
    out[1] = 14.0;
    out[2] = 15.0;
    out[3] = 16.0;
    out[4] = 17.0;
    out[5] = 18.0;
    out[6] = 19.0;
    out[7] = 20.0;
    out[8] = 21.0;
    out[9] = 22.0;
    out[10] = 23.0;
    out[11] = 24.0;
    out[12] = 25.0;
    out[13] = 26.0;
    out[14] = 27.0;
    out[15] = 28.0;
    out[16] = 29.0;
    out[17] = 30.0;
    out[18] = 31.0;
    out[19] = 32.0;
    out[20] = 37.0;
    out[21] = 6.0;
    out[22] = 15.0;
    out[23] = 24.0;
    out[24] = 33.0;
    out[25] = 38.0;
    out[26] = 104.0;
    out[27] = 108.0;
    out[28] = 112.0;
}
