// A spin-free "claim a slot" loop: each invocation tries to claim the
// first free slot with compare-exchange, keeping the whole result of the
// last attempt in a variable.
@group(0) @binding(0) var<storage, read_write> slots: array<atomic<u32>, 64>;
@group(0) @binding(1) var<storage, read_write> claimed: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let me = gid.x + 1u;
    var attempt: u32 = 0u;
    var last = atomicCompareExchangeWeak(&slots[0], 0u, me);
    while (!last.exchanged && attempt < 63u) {
        attempt += 1u;
        last = atomicCompareExchangeWeak(&slots[attempt], 0u, me);
    }
    claimed[gid.x] = select(0xffffffffu, attempt, last.exchanged);
}
