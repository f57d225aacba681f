// A pointer to an element of a private array goes to a callee that
// compares only its value argument, never reading through the pointer:
// the barrier is uniform.
var<private> slots: array<u32, 4>;

fn store_then_check(p: ptr<private, u32>, x: u32) {
  *p = x;
  if (x == 0u) {
    workgroupBarrier();
  }
}

@compute @workgroup_size(64)
fn main(@builtin(workgroup_id) wid: vec3<u32>) {
  store_then_check(&slots[2], wid.x);
}
