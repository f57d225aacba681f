// The first reduction is in uniform control flow; its result may differ
// between subgroups, and it decides whether the second is reached.
enable subgroups;
@group(0) @binding(0) var<storage, read_write> data: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  let any_set = subgroupAny(data[lid] != 0u);
  if (any_set) {
    data[lid] = subgroupOr(data[lid]);
  }
}
