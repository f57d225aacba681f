// workgroupUniformLoad of a struct, one member decides.
// The load and the barrier are both uniform.
struct Shared {
  count: u32,
  total: u32,
}
var<workgroup> shared_state: Shared;

@compute @workgroup_size(64)
fn main() {
  let s = workgroupUniformLoad(&shared_state);
  if (s.count > 0u) {
    workgroupBarrier();
  }
}
