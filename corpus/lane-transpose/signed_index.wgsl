// Records indexed by an `i32`, as code ported from languages whose
// indices are signed writes them: `i32(gid.x)` with a signed offset.
// 3-word records.
struct Sample {
    value: f32,
    weight: f32,
    count: i32,
}

@group(0) @binding(0) var<storage, read_write> samples: array<Sample>;
@group(0) @binding(1) var<uniform> first: i32;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3u) {
    let index = i32(gid.x) + first;
    let s = samples[index];
    samples[index] = Sample(s.value * s.weight, s.weight * 0.5, s.count + 1);
}
