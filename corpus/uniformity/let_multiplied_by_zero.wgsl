// Multiplying by zero does not make a value uniform for Tint.
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  let v = lid * 0u;
  if (v == 0u) {
    workgroupBarrier();
  }
}
