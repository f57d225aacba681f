// Integer operations on values naga knows as constants that overflow:
// naga writes them as they are (`2147483647i + 1i`), and WGSL's constant
// evaluation, Tint's, refuses them. At run time they wrap, and the
// smallest i32 divided by -1 is itself; the WGSL written holds those values.
@group(0) @binding(0) var<storage, read_write> o: array<i32>;
@group(0) @binding(1) var<storage, read_write> u: array<u32>;
@compute @workgroup_size(1)
fn main() {
    let one = 1;
    let m = -2147483648;
    o[0] = m / -1;
    let big = 2147483647;
    o[1] = big + one;
    o[2] = m % -1;
    o[3] = -m;
    o[4] = big * 2;
    let ub = 4294967295u;
    u[0] = ub + 1u;
    u[1] = 0u - 1u;
    let s = 31u;
    let three = 3;
    o[5] = one << s;
    o[6] = three << 30u;
    let uthree = 3u;
    u[2] = uthree << 31u;
}
