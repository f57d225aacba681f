// Bitonic sort of 256-element blocks of u32 keys in workgroup memory.
// Both loop nests have constant bounds, so every workgroupBarrier is in
// uniform control flow; out-of-range slots are padded with 0xffffffff.

const N: u32 = 256u;

@group(0) @binding(0) var<storage, read_write> data: array<u32>;

var<workgroup> keys: array<u32, N>;

@compute @workgroup_size(N)
fn main(@builtin(local_invocation_index) lid: u32,
        @builtin(workgroup_id) wid: vec3<u32>) {
    let gi = (wid.x * N) + lid;
    let count = arrayLength(&data);
    var v = 0xffffffffu;
    if (gi < count) {
        v = data[gi];
    }
    keys[lid] = v;
    workgroupBarrier();

    for (var k = 2u; k <= N; k = k << 1u) {
        for (var j = k >> 1u; j > 0u; j = j >> 1u) {
            let partner = lid ^ j;
            if (partner > lid) {
                let a = keys[lid];
                let b = keys[partner];
                let ascending = (lid & k) == 0u;
                if ((a > b) == ascending) {
                    keys[lid] = b;
                    keys[partner] = a;
                }
            }
            workgroupBarrier();
        }
    }

    if (gi < count) {
        data[gi] = keys[lid];
    }
}
