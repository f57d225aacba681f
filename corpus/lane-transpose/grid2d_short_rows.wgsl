// A 2D grid written cell by cell from 16 x 16 workgroups: a subgroup of
// 32 invocations holds two rows of the workgroup, whose cells lie a grid
// row apart, so the check that the subgroup's cells are consecutive
// fails and the original stores run. `--passes all` leaves it, with a
// note; named, the pass rewrites it, and it still computes what the
// original computes (on an adapter of 8 or 16 lanes, through the
// coalesced path). A 64 x 64 grid.
struct Sample {
    color: vec3f,
    weight: f32,
}

@group(0) @binding(0) var<storage, read> heights: array<f32>;
@group(0) @binding(1) var<storage, read_write> samples: array<Sample>;

@compute @workgroup_size(16, 16)
fn main(
    @builtin(global_invocation_id) id: vec3<u32>,
    @builtin(num_workgroups) groups: vec3<u32>,
) {
    let index = id.x + id.y * (groups.x * 16u);
    let h = heights[index];
    samples[index] = Sample(vec3f(h, h * 0.5, 1.0 - h), fract(h * 7.0));
}
