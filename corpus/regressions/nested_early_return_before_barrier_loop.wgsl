// A return nested in a branch, before a barrier and a loop of barriers in
// that branch. hoist-barriers once made an invalid module here, voting on
// the loop's trip count; the count is 4 in every invocation, so the loop
// now runs as written.
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
    if (lid < 32u) {
        if (lid > 3u) {
            return;
        }
        workgroupBarrier();
        for (var i = 0u; i < 4u; i++) {
            workgroupBarrier();
        }
    }
}
