//! Large and deep shaders: nothing crashes, and what grew with the square
//! of a shader's size no longer does. The costs themselves are measured by
//! `benches/scale.rs` and `scripts/scale`; these tests hold the shapes that
//! made them quadratic or overflowed the stack.

use shaderxform::{
    Compiler, FailureKind, InputFormat, Options, OutputFormat, PassSelection, Source,
};

fn compile(text: String, passes: PassSelection, format: OutputFormat) -> Vec<u8> {
    let source = Source::new("scale.wgsl", InputFormat::Wgsl, text);
    Compiler::new(Options {
        passes,
        ..Options::default()
    })
    .unwrap()
    .compile(&source, &[format])
    .unwrap_or_else(|f| panic!("{f}"))
    .outputs
    .remove(0)
    .bytes
}

fn functions(count: usize) -> String {
    let mut text = String::from("@group(0) @binding(0) var<storage, read_write> o: array<u32>;\n");
    for i in 0..count {
        text += &format!("fn f{i}(x: u32) -> u32 {{ var a = x; return a + {i}u; }}\n");
    }
    text += "@compute @workgroup_size(1) fn main() { o[0] = f0(o[1]); }\n";
    text
}

/// naga's SPIR-V reader gave every function an expression for every
/// constant and module-scope variable of the module (`vendor/README.md`):
/// reading back the SPIR-V of 2,000 functions, each with constants of its
/// own, took 434 MB. Each function now holds those it names.
#[test]
fn each_function_read_from_spirv_holds_only_the_constants_it_names() {
    let spirv = compile(
        functions(2000),
        PassSelection::None,
        OutputFormat::SpirvBinary,
    );
    let module = naga::front::spv::parse_u8_slice(&spirv, &Default::default()).unwrap();
    assert!(module.constants.len() >= 2000, "{}", module.constants.len());
    let largest = module
        .functions
        .iter()
        .map(|(_, f)| f.expressions.len())
        .max()
        .unwrap();
    assert!(largest < 40, "a function holds {largest} expressions");
}

/// A chain of 40,000 `let`s, each on the one before: folding the
/// constants of WGSL's constant evaluation followed every chain from
/// every expression (time in the square of its length, stack in its
/// length: exit 134), and naga's type resolution stepped over every
/// resolved expression for each new one.
#[test]
fn a_chain_of_forty_thousand_lets_compiles() {
    let mut text = String::from(
        "@group(0) @binding(0) var<storage, read_write> o: array<u32>;\n@compute @workgroup_size(1) fn main() {\n let v0 = o[0];\n",
    );
    for i in 1..40_000 {
        text += &format!(" let v{i} = v{} + 1u;\n", i - 1);
    }
    text += " o[1] = v39999;\n}\n";
    for format in [OutputFormat::Wgsl, OutputFormat::SpirvBinary] {
        let written = compile(text.clone(), PassSelection::All, format);
        assert!(!written.is_empty());
    }
}

/// `x + x + ... + x` of 100,000 terms is one statement that nests 100,000
/// deep: it reads on the compilation's stack, and its WGSL names a part
/// every few dozen levels, which naga's parser (200 levels of
/// parentheses) reads back and Tint takes.
#[test]
fn an_expression_nested_a_hundred_thousand_deep_is_written_as_wgsl_that_reads_back() {
    let text = format!(
        "@group(0) @binding(0) var<storage, read_write> o: array<u32>;\n@compute @workgroup_size(1) fn main() {{ let x = o[0]; o[1] = x{}; }}\n",
        " + x".repeat(100_000)
    );
    let wgsl = String::from_utf8(compile(text, PassSelection::All, OutputFormat::Wgsl)).unwrap();
    assert!(wgsl.contains("let part0_ = "), "parts are named");
    let deepest = wgsl.lines().map(|l| l.matches('(').count()).max().unwrap();
    assert!(deepest < 100, "{deepest} parentheses on one line");
    naga::front::wgsl::parse_str(&wgsl).expect("naga reads it back");
}

/// A statement of more than 2^18 tokens is refused before naga reads it,
/// at the statement.
#[test]
fn a_statement_past_the_bound_is_refused_where_it_starts() {
    let text = format!(
        "@group(0) @binding(0) var<storage, read_write> o: array<u32>;\n@compute @workgroup_size(1) fn main() {{ let x = o[0];\n  o[1] = x{}; }}\n",
        " + x".repeat(140_000)
    );
    let source = Source::new("long.wgsl", InputFormat::Wgsl, text.clone());
    let failure = Compiler::new(Options::default())
        .unwrap()
        .compile(&source, &[OutputFormat::Wgsl])
        .expect_err("refused");
    assert_eq!(failure.kind, FailureKind::Input);
    let d = &failure.diagnostics[0];
    assert_eq!(d.code.as_deref(), Some("wgsl::nesting"), "{d:?}");
    let span = d.primary_span().unwrap().to_range().unwrap();
    assert!(text[span.start..].starts_with("o[1] = x + x"), "{d:?}");
}
