// A branch on a read-only storage value at a constant index.
@group(0) @binding(0) var<storage, read> data: array<u32>;

@compute @workgroup_size(64)
fn main() {
  if (data[0] == 0u) {
    workgroupBarrier();
  }
}
