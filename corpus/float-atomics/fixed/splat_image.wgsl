// Splatting into an image: each point adds its weight into the two
// pixels it falls between along x, split by its position (scattered
// sums, as in particle-to-grid transfer and point rendering). WGSL has no
// float atomics; with `float-atomics.sum=fixed` each add is one integer
// atomicAdd in 16.16 fixed point, the same bits in any order of the adds.
// The addends come from multiplications and subtractions alone, which
// every GPU rounds the same way, so the image is the same bits on every
// GPU too.

struct Point {
    position: vec2<f32>,
    weight: f32,
}

const SIDE: u32 = 512u;

@group(0) @binding(0) var<storage, read> points: array<Point>;
@group(0) @binding(1) var<storage, read_write> image: array<atomic<f32>, 262144>;

@compute @workgroup_size(256)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    if (gid.x >= arrayLength(&points)) {
        return;
    }
    let p = points[gid.x];
    // Positions in [0, 1) cover the image; the last column has no right
    // neighbour, so x stops one pixel short.
    let x = clamp(p.position.x, 0.0, 0.999) * f32(SIDE - 1u);
    let y = u32(clamp(p.position.y, 0.0, 0.999) * f32(SIDE));
    let column = u32(x);
    let right = x - f32(column);
    let row = y * SIDE;
    let w = clamp(p.weight, 0.0, 1.0);
    atomicAdd(&image[row + column], (1.0 - right) * w);
    atomicAdd(&image[row + column + 1u], right * w);
}
