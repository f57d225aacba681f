// Loop forms and helper functions with parameters: a while loop (Collatz
// step count, bounded), a loop with a continuing block (digit sum), and a
// for loop with continue.

@group(0) @binding(0) var<storage, read_write> numbers: array<u32>;

fn collatz_steps(start: u32, limit: u32) -> u32 {
    var n = start;
    var steps = 0u;
    while (n > 1u && steps < limit) {
        if ((n & 1u) == 0u) {
            n = n >> 1u;
        } else {
            n = (3u * n) + 1u;
        }
        steps += 1u;
    }
    return steps;
}

fn digit_sum(value: u32) -> u32 {
    var v = value;
    var total = 0u;
    loop {
        if (v == 0u) {
            break;
        }
        total = total + (v % 10u);
        continuing {
            v = v / 10u;
        }
    }
    return total;
}

fn odd_count_below(limit: u32) -> u32 {
    var count = 0u;
    for (var k = 0u; k < min(limit, 32u); k++) {
        if ((k % 2u) == 0u) {
            continue;
        }
        count += 1u;
    }
    return count;
}

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let i = gid.x;
    if (i >= arrayLength(&numbers)) {
        return;
    }
    let x = numbers[i];
    numbers[i] = collatz_steps(x, 1000u) + (digit_sum(x) * 1000u) + odd_count_below(x);
}
