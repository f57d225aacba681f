// f16 matrices in a uniform buffer, read whole, by a constant column, by
// a column chosen at run time, and in an array. WGSL puts their columns
// 4 or 8 bytes apart, which std140 cannot: the SPIR-V writes each such
// matrix as its columns.
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
    var k = 0u;
    for (var col = 0u; col < 2u; col++) {
        let column = u.a[col];
        for (var row = 0u; row < 4u; row++) { out[k] = f32(column[row]); k++; }
    }
    let b = u.b;
    for (var col = 0u; col < 3u; col++) {
        for (var row = 0u; row < 3u; row++) { out[k] = f32(b[col][row]); k++; }
    }
    out[k] = f32(u.c[0].x); k++;
    out[k] = f32(u.c[0].y); k++;
    out[k] = f32(u.c[1].x); k++;
    out[k] = f32(u.c[3][1]); k++;
    for (var i = 0u; i < 2u; i++) {
        for (var col = 0u; col < 2u; col++) {
            out[k] = f32(u.d[i][col].x + u.d[i][col].y + u.d[i][col].z); k++;
        }
    }
    out[k] = f32(u.s); k++;
    for (var col = 0u; col < 3u; col++) { out[k] = f32(m[col].w); k++; }
}
