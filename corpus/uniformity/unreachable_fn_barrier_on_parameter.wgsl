// A function no entry point calls, with a barrier decided by its
// parameter.
@group(0) @binding(0) var<storage, read_write> data: array<u32>;

fn never_called(c: bool) {
  if (c) {
    workgroupBarrier();
  }
}

@compute @workgroup_size(64)
fn main() {
  data[0] = 1u;
}
