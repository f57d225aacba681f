// Builds per-bucket linked lists in parallel: atomicAdd on a counter
// allocates a node, atomicExchange swaps it in as the new bucket head and
// returns the old head, which becomes the node's next pointer. heads must
// be initialised to NIL (0xffffffff).

const NIL: u32 = 0xffffffffu;

struct Node {
    value: f32,
    next: u32,
}

struct Allocator {
    used: atomic<u32>,
    overflowed: atomic<u32>,
    nonempty_buckets: atomic<u32>,
}

@group(0) @binding(0) var<storage, read> values: array<f32>;
@group(0) @binding(1) var<storage, read_write> heads: array<atomic<u32>>;
@group(0) @binding(2) var<storage, read_write> nodes: array<Node>;
@group(0) @binding(3) var<storage, read_write> alloc: Allocator;

fn bucket_of(v: f32, buckets: u32) -> u32 {
    let t = clamp(v, 0.0, 0.999999);
    return min(u32(t * f32(buckets)), buckets - 1u);
}

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let i = gid.x;
    let buckets = arrayLength(&heads);
    if (i >= arrayLength(&values) || buckets == 0u) {
        return;
    }
    let node_index = atomicAdd(&alloc.used, 1u);
    if (node_index >= arrayLength(&nodes)) {
        atomicStore(&alloc.overflowed, 1u);
        return;
    }
    let v = values[i];
    nodes[node_index].value = v;
    let old_head = atomicExchange(&heads[bucket_of(v, buckets)], node_index);
    nodes[node_index].next = old_head;
    if (old_head == NIL) {
        atomicAdd(&alloc.nonempty_buckets, 1u);
    }
}
