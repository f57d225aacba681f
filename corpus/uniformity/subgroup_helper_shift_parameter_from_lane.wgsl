// The helper shuffles up by its parameter; the caller passes a lane
// index, which Tint requires uniform through the call.
enable subgroups;
@group(0) @binding(0) var<storage, read_write> data: array<u32>;

fn shifted(v: u32, by: u32) -> u32 {
  return subgroupShuffleUp(v, by);
}

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32,
        @builtin(subgroup_invocation_id) lane: u32) {
  data[lid] = shifted(data[lid], lane);
}
