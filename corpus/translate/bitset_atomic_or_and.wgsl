// A bitset in a storage buffer updated with atomicOr (insert), atomicAnd
// (remove), and atomicXor (toggle parity); atomicSub decrements a budget.

struct Bitset {
    budget: atomic<i32>,
    parity: atomic<u32>,
    bits: array<atomic<u32>>,
}

struct Op {
    kind: u32,
    id: u32,
}

@group(0) @binding(0) var<storage, read> ops: array<Op>;
@group(0) @binding(1) var<storage, read_write> members: Bitset;
@group(0) @binding(2) var<storage, read_write> was_present: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let i = gid.x;
    if (i >= min(arrayLength(&ops), arrayLength(&was_present))) {
        return;
    }
    let op = ops[i];
    let word = op.id >> 5u;
    if (word >= arrayLength(&members.bits)) {
        return;
    }
    let mask = 1u << (op.id & 31u);
    var old = 0u;
    if (op.kind == 0u) {
        old = atomicOr(&members.bits[word], mask);
        atomicSub(&members.budget, 1);
    } else {
        old = atomicAnd(&members.bits[word], ~mask);
    }
    atomicXor(&members.parity, mask);
    was_present[i] = select(0u, 1u, (old & mask) != 0u);
}
