// The values integer_overflow_operations.wgsl computes at run time.
@group(0) @binding(0) var<storage, read_write> o: array<i32>;
@group(0) @binding(1) var<storage, read_write> u: array<u32>;
@compute @workgroup_size(1)
fn main() {
    o[0] = bitcast<i32>(0x80000000u);
    o[1] = bitcast<i32>(0x80000000u);
    o[2] = 0;
    o[3] = bitcast<i32>(0x80000000u);
    o[4] = -2;
    u[0] = 0u;
    u[1] = 4294967295u;
    o[5] = bitcast<i32>(0x80000000u);
    o[6] = bitcast<i32>(0xc0000000u);
    u[2] = 0x80000000u;
}
