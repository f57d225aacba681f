// Matrix transpose through a padded 16x17 workgroup tile (the extra column
// avoids bank conflicts). Width and height come from a uniform.

struct Shape {
    width: u32,
    height: u32,
}

@group(0) @binding(0) var<uniform> shape: Shape;
@group(0) @binding(1) var<storage, read> src: array<f32>;
@group(0) @binding(2) var<storage, read_write> dst: array<f32>;

var<workgroup> tile: array<array<f32, 17>, 16>;

@compute @workgroup_size(16, 16)
fn main(@builtin(workgroup_id) wid: vec3<u32>,
        @builtin(local_invocation_id) lid: vec3<u32>) {
    let x = (wid.x * 16u) + lid.x;
    let y = (wid.y * 16u) + lid.y;
    var v = 0.0;
    if (x < shape.width && y < shape.height) {
        v = src[(y * shape.width) + x];
    }
    tile[lid.y][lid.x] = v;
    workgroupBarrier();

    // Swap the roles of the workgroup coordinates for the write.
    let tx = (wid.y * 16u) + lid.x;
    let ty = (wid.x * 16u) + lid.y;
    if (tx < shape.height && ty < shape.width) {
        dst[(ty * shape.height) + tx] = tile[lid.x][lid.y];
    }
}
