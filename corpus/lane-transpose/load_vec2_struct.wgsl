// Each invocation reads one 2-float record; the loads of a subgroup
// stride over twice the memory they use.
struct Sample {
    value: f32,
    weight: f32,
}

@group(0) @binding(0) var<storage, read> samples: array<Sample>;
@group(0) @binding(1) var<storage, read_write> weighted: array<f32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let i = gid.x;
    let s = samples[i];
    weighted[i] = s.value * s.weight;
}
