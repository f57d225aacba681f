enable subgroups;

// Subgroup data movement and voting: subgroupBallot + countOneBits counts the
// lanes whose flag is set, subgroupShuffle rotates values by one lane and
// subgroupBroadcastFirst reads the first active lane's value.
// All subgroup calls are made by every invocation (uniform control flow).

@group(0) @binding(0) var<storage, read> flags_in: array<u32>;
@group(0) @binding(1) var<storage, read_write> rotated: array<f32>;
@group(0) @binding(2) var<storage, read_write> vote_counts: array<u32>;

fn popcount4(mask: vec4<u32>) -> u32 {
    let c = countOneBits(mask);
    return c.x + c.y + c.z + c.w;
}

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>,
        @builtin(subgroup_invocation_id) lane: u32,
        @builtin(subgroup_size) lanes: u32) {
    let i = gid.x;
    let n = arrayLength(&flags_in);
    var flag_value = 0u;
    if (i < n) {
        flag_value = flags_in[i];
    }
    let ballot = subgroupBallot(flag_value != 0u);
    let votes = popcount4(ballot);
    let mine = f32(flag_value);
    let neighbour = subgroupShuffle(mine, (lane + 1u) % lanes);
    let first = subgroupBroadcastFirst(mine);
    let any_set = subgroupAny(flag_value != 0u);
    if (i < n) {
        rotated[i] = neighbour + select(0.0, first, any_set);
        vote_counts[i] = votes;
    }
}
