// A function no entry point calls, with a barrier in a branch on
// read_write storage.
@group(0) @binding(0) var<storage, read_write> data: array<u32>;

fn never_called() {
  if (data[0] == 0u) {
    workgroupBarrier();
  }
}

@compute @workgroup_size(64)
fn main() {
  data[0] = 1u;
}
