// Structs whose last member is a runtime-sized array: a read-only item list
// with a header, and an output list whose length is claimed with atomicAdd.

struct Item {
    key: u32,
    weight: f32,
}

struct ItemList {
    count: u32,
    total_weight: f32,
    items: array<Item>,
}

struct Selection {
    selected: atomic<u32>,
    indices: array<u32>,
}

@group(0) @binding(0) var<storage, read> list: ItemList;
@group(0) @binding(1) var<storage, read_write> chosen: Selection;
@group(0) @binding(2) var<uniform> threshold: vec4<f32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let i = gid.x;
    let n = min(list.count, arrayLength(&list.items));
    if (i >= n) {
        return;
    }
    let item = list.items[i];
    let share = item.weight / max(list.total_weight, 1e-6);
    if (share > threshold.x) {
        let slot = atomicAdd(&chosen.selected, 1u);
        if (slot < arrayLength(&chosen.indices)) {
            chosen.indices[slot] = item.key;
        }
    }
}
