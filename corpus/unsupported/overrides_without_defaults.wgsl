// Pipeline-overridable constants without defaults: the pipeline gives
// them their values. WGSL output keeps them as overrides; the other
// targets have none and need `--override NAME=VALUE` for each.

override scale: f32;
@id(7) override count: u32;
override bias: f32 = 0.5;

@group(0) @binding(0) var<storage, read_write> data: array<f32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3u) {
    if (gid.x < count && gid.x < arrayLength(&data)) {
        data[gid.x] = data[gid.x] * scale + bias;
    }
}
