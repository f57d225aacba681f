// A tiny accumulator machine: every invocation runs the whole program (read
// from a storage array of structs) on its own register with a switch on the
// opcode, including a multi-selector case and a default.

struct Instr {
    opcode: u32,
    operand: i32,
}

@group(0) @binding(0) var<storage, read> program: array<Instr>;
@group(0) @binding(1) var<storage, read_write> registers: array<i32>;

fn exec_instr(acc: i32, ins: Instr) -> i32 {
    var next = acc;
    switch ins.opcode {
        case 0u: {
            next = acc + ins.operand;
        }
        case 1u: {
            next = acc - ins.operand;
        }
        case 2u, 3u: {
            next = acc * ins.operand;
        }
        case 4u: {
            if (ins.operand != 0) {
                next = acc / ins.operand;
            }
        }
        case 5u: {
            next = abs(acc);
        }
        case 6u: {
            next = max(acc, ins.operand);
        }
        default: {
        }
    }
    return next;
}

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let i = gid.x;
    if (i >= arrayLength(&registers)) {
        return;
    }
    var acc = registers[i];
    let len = min(arrayLength(&program), 256u);
    for (var pc = 0u; pc < len; pc = pc + 1u) {
        acc = exec_instr(acc, program[pc]);
    }
    registers[i] = acc;
}
