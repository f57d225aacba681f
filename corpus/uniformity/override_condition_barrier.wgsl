// Overrides are uniform.
override tile_size: u32 = 16u;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  if (tile_size > 8u) {
    workgroupBarrier();
  }
}
