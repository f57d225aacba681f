// Hand-written: every invocation runs both sweeps, whose trip counts are
// constants; those past the end load nothing and store nothing.
@group(0) @binding(0) var<storage, read> input: array<u32>;
@group(0) @binding(1) var<storage, read_write> output: array<u32>;

var<workgroup> temp: array<u32, 512>;

@compute @workgroup_size(256)
fn main(
    @builtin(workgroup_id) wid: vec3<u32>,
    @builtin(local_invocation_index) lid: u32,
) {
    let n = arrayLength(&input);
    let first = wid.x * 512u + 2u * lid;
    let live = first < n;
    if live {
        temp[2u * lid] = input[first];
        temp[2u * lid + 1u] = select(0u, input[min(first + 1u, n - 1u)], first + 1u < n);
    }
    var offset = 1u;
    for (var d = 256u; d > 0u; d >>= 1u) {
        workgroupBarrier();
        if live && lid < d {
            let ai = offset * (2u * lid + 1u) - 1u;
            let bi = offset * (2u * lid + 2u) - 1u;
            temp[bi] += temp[ai];
        }
        offset *= 2u;
    }
    if live && lid == 0u {
        temp[511] = 0u;
    }
    for (var d = 1u; d < 512u; d *= 2u) {
        offset >>= 1u;
        workgroupBarrier();
        if live && lid < d {
            let ai = offset * (2u * lid + 1u) - 1u;
            let bi = offset * (2u * lid + 2u) - 1u;
            let t = temp[ai];
            temp[ai] = temp[bi];
            temp[bi] += t;
        }
    }
    workgroupBarrier();
    if live {
        output[first] = temp[2u * lid];
        if first + 1u < n {
            output[first + 1u] = temp[2u * lid + 1u];
        }
    }
}
