// The shift of subgroupShuffleDown is read from read_write storage, which
// other invocations may write: not uniform.
enable subgroups;
@group(0) @binding(0) var<storage, read_write> data: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  let delta = data[0];
  data[lid] = subgroupShuffleDown(lid, delta);
}
