// A ballot of a uniform condition is still a subgroup result.
enable subgroups;
@group(0) @binding(0) var<uniform> n: u32;

@compute @workgroup_size(64)
fn main() {
  let b = subgroupBallot(n > 4u);
  if (b.x != 0u) {
    workgroupBarrier();
  }
}
