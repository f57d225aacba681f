// A prefix sum per iteration of a loop that some invocations leave
// early: the scan after the break is reached by the rest only.
enable subgroups;
@group(0) @binding(0) var<storage, read_write> data: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  var acc = 0u;
  for (var i = 0u; i < 4u; i++) {
    if (data[lid * 4u + i] == 0u) {
      break;
    }
    acc = acc + subgroupExclusiveAdd(data[lid * 4u + i]);
  }
  data[lid] = acc;
}
