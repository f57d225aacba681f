// subgroupShuffleXor's mask must be uniform; the lane index is not.
enable subgroups;
@group(0) @binding(0) var<storage, read_write> data: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32,
        @builtin(subgroup_invocation_id) lane: u32) {
  data[lid] = subgroupShuffleXor(data[lid], lane & 1u);
}
