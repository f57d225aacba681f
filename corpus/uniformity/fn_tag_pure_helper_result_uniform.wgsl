// A helper computing from constants only.
fn tile_count() -> u32 {
  return (256u + 63u) / 64u;
}

@compute @workgroup_size(64)
fn main() {
  for (var i = 0u; i < tile_count(); i++) {
    workgroupBarrier();
  }
}
