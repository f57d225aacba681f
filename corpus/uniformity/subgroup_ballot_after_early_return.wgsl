// Invocations past the end return early; the ballot after it is reached
// by the rest only.
enable subgroups;
@group(0) @binding(0) var<storage, read_write> data: array<u32>;
@group(0) @binding(1) var<storage, read_write> count: u32;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
  if (gid.x >= count) {
    return;
  }
  let votes = subgroupBallot(data[gid.x] > 0u);
  data[gid.x] = votes.x;
}
