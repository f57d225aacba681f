// The copy is taken while the source local is still uniform.
@group(0) @binding(0) var<storage, read_write> data: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  var a = 5u;
  var b = a;
  a = lid;
  data[lid] = a;
  if (b == 5u) {
    workgroupBarrier();
  }
}
