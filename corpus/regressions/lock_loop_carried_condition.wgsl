// The shape of a decoupled look-back scan's fallback loop (GPUPrefixSums):
// a loop that runs while a lock in workgroup memory is held, with a
// condition computed between two barriers from a value read before the
// first, and tested again after the second. hoist-barriers splits the
// loop's body around the barriers and carries `locked` across the first;
// the condition `again`, re-created from the carried value, was then
// tested after the second barrier under its old name, which nothing
// defined any more: an invalid module, an internal error. Run against
// the same loop written with uniform loads.
var<workgroup> g_lock: bool;
var<workgroup> g_rounds: u32;

@group(0) @binding(0) var<storage, read_write> out: array<u32>;

@compute @workgroup_size(64)
fn main(
    @builtin(local_invocation_index) lid: u32,
    @builtin(workgroup_id) wid: vec3<u32>,
) {
    if lid == 0u {
        g_lock = true;
        g_rounds = 0u;
    }
    workgroupBarrier();
    var state = 1u;
    var next = 0u;
    var seen_rounds = 0u;
    loop {
        if state == 1u {
            let locked = select(0u, 1u, g_lock);
            workgroupBarrier();
            let again = locked == 1u;
            if again {
                if lid == 0u {
                    g_rounds += 1u;
                    g_lock = g_rounds < wid.x % 4u + 2u;
                }
            }
            workgroupBarrier();
            if again {
                next = select(0u, 1u, g_lock);
                seen_rounds = g_rounds;
            }
            state = next;
        } else {
            break;
        }
    }
    out[wid.x * 64u + lid] = seen_rounds;
}
