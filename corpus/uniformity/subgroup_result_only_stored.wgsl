// A subgroup result is only stored; the barrier is unconditional.
enable subgroups;
@group(0) @binding(0) var<storage, read_write> data: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  let total = subgroupAdd(lid);
  workgroupBarrier();
  data[lid] = total;
}
