// The non-uniform value goes to another local; the one deciding the
// barrier stays uniform.
@group(0) @binding(0) var<storage, read_write> data: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  var x = 3u;
  var y = lid;
  data[lid] = y;
  if (x == 3u) {
    workgroupBarrier();
  }
}
