// A uniform value compared with the invocation index.
struct Params {
  active_count: u32,
}
@group(0) @binding(0) var<uniform> params: Params;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  if (lid < params.active_count) {
    workgroupBarrier();
  }
}
