// Two aliases of one array type, and a value assigned between variables of
// each. naga's WGSL reader gave each alias its own named type, its SPIR-V
// writer two `OpTypeArray`s, and the assignment an `OpStore` of
// mismatched types, which spirv-val refused (Tint's test
// `bug/tint/782.wgsl` found it). An alias is now the type itself.
alias Explicit = array<i32, 2>;
alias Implicit = array<i32, 2>;

@group(0) @binding(0) var<storage, read_write> out: array<i32>;

@compute @workgroup_size(1)
fn main() {
    var first: Explicit = Explicit(3, 4);
    var second: Implicit;
    second = first;
    out[0] = second[0] + second[1];
}
