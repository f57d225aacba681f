// subgroupShuffle reads from any lane: its index may differ between
// invocations, and the call is in uniform control flow.
enable subgroups;
@group(0) @binding(0) var<storage, read_write> data: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32,
        @builtin(subgroup_invocation_id) lane: u32) {
  data[lid] = subgroupShuffle(lid, (lane + 1u) & 7u);
}
