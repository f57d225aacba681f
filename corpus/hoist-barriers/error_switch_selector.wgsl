// A barrier in a case of a switch on the invocation index: only `if` is
// split, so this stays an error.
@group(0) @binding(0) var<storage, read_write> out: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
    switch lid % 4u {
        case 0u: {
            workgroupBarrier();
            out[lid] = 1u;
        }
        default: {
            out[lid] = 2u;
        }
    }
}
