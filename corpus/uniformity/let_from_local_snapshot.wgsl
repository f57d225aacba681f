// A let snapshots a uniform local; a later non-uniform store into the
// local does not change the let.
@group(0) @binding(0) var<storage, read_write> data: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  var x = 3u;
  let snapshot = x;
  x = lid;
  data[lid] = x;
  if (snapshot == 3u) {
    workgroupBarrier();
  }
}
