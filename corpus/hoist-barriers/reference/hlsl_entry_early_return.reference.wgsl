// hlsl_entry_early_return.hlsl with its barriers hoisted by hand: the
// invocations past the count stay, inactive, to the barriers.
@group(0) @binding(0) var<storage, read_write> data: array<u32>;
@group(0) @binding(1) var<storage, read> limits: array<u32>;

var<workgroup> tile: array<u32, 64>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(local_invocation_id) lid: vec3<u32>, @builtin(workgroup_id) wid: vec3<u32>) {
    let n = limits[wid.x] % 65u;
    let in_range = lid.x < n;
    var acc = 0u;
    if in_range {
        acc = data[gid.x] % 1000u;
    }
    for (var i = 0u; i < 4u; i++) {
        if in_range {
            tile[lid.x] = acc + i;
        }
        workgroupBarrier();
        if in_range {
            acc += tile[(lid.x + 1u) % n];
        }
        workgroupBarrier();
    }
    if in_range {
        data[gid.x] = acc;
    }
}
