// subgroupAll of a uniform condition: Tint treats every subgroup result as
// non-uniform.
enable subgroups;
@group(0) @binding(0) var<uniform> n: u32;

@compute @workgroup_size(64)
fn main() {
  if (subgroupAll(n > 4u)) {
    workgroupBarrier();
  }
}
