// subgroupAdd of a constant is the subgroup's size, which Tint still
// treats as non-uniform.
enable subgroups;

@compute @workgroup_size(64)
fn main() {
  let v = subgroupAdd(1u);
  if (v > 16u) {
    workgroupBarrier();
  }
}
