// Eight floats per invocation from a flat array, at 8 * i + c.
@group(0) @binding(0) var<storage, read> coefficients: array<f32>;
@group(0) @binding(1) var<storage, read_write> sums: array<f32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let i = gid.x;
    let c0 = coefficients[8u * i];
    let c1 = coefficients[8u * i + 1u];
    let c2 = coefficients[8u * i + 2u];
    let c3 = coefficients[8u * i + 3u];
    let c4 = coefficients[8u * i + 4u];
    let c5 = coefficients[8u * i + 5u];
    let c6 = coefficients[8u * i + 6u];
    let c7 = coefficients[8u * i + 7u];
    sums[i] = ((c0 + c1) + (c2 + c3)) + ((c4 + c5) + (c6 + c7));
}
