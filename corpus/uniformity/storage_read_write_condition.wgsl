// A branch on a read_write storage value.
@group(0) @binding(0) var<storage, read_write> data: array<u32>;

@compute @workgroup_size(64)
fn main() {
  if (data[0] == 0u) {
    workgroupBarrier();
  }
}
