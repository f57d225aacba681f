// A constant shuffle lane past any subgroup's width, which WGSL refuses
// and naga reads. Refused at the shuffle (`wgsl::constant-lane`).
enable subgroups;
@group(0) @binding(0) var<storage, read_write> o: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) i: u32) {
    o[i] = subgroupShuffle(o[i], 200u);
}
