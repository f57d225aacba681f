// An uncalled function loops on read_write storage around a barrier.
@group(0) @binding(0) var<storage, read_write> data: array<u32>;

fn never_called() {
  var i = 0u;
  while (data[i] != 0u) {
    workgroupBarrier();
    i++;
  }
}

@compute @workgroup_size(64)
fn main() {
  data[0] = 0u;
}
