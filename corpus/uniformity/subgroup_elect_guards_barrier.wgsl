// subgroupElect picks one invocation per subgroup.
enable subgroups;

@compute @workgroup_size(64)
fn main() {
  if (subgroupElect()) {
    workgroupBarrier();
  }
}
