// y = alpha * x + y over runtime-sized arrays, with a grid-stride loop.
// Parameters come from a uniform block; x is read-only, y is read_write.

struct Params {
    alpha: f32,
    count: u32,
    x_offset: u32,
    y_offset: u32,
}

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read> xs: array<f32>;
@group(0) @binding(2) var<storage, read_write> ys: array<f32>;

fn saxpy(alpha: f32, x: f32, y: f32) -> f32 {
    return fma(alpha, x, y);
}

@compute @workgroup_size(128)
fn main(@builtin(global_invocation_id) gid: vec3<u32>,
        @builtin(num_workgroups) groups: vec3<u32>) {
    let stride = groups.x * 128u;
    var i = gid.x;
    loop {
        if (i >= params.count) {
            break;
        }
        let xi = params.x_offset + i;
        let yi = params.y_offset + i;
        ys[yi] = saxpy(params.alpha, xs[xi], ys[yi]);
        i = i + stride;
    }
}
