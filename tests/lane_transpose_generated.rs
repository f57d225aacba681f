//! `lane-transpose` proven by execution on generated kernels.
//!
//! Each case is a small compute shader built from random choices around
//! record accesses the pass can rewrite: records of 2 to 8 words, the
//! record index in each form the pass reads, bounds guards (an `if` around
//! the body, an early return), `if`s that guard something else and assign
//! locals read afterwards, loops, helper functions, loads of other
//! buffers, a second record buffer. Every case is compiled with the pass
//! named (so it rewrites everything it proves safe, not only what pays)
//! and run against the shader as written on the adapter, on inputs the
//! harness seeds; every word must agree.
//!
//! The cases come from a fixed seed, so a failure names a case that fails
//! again: `SHADERXFORM_GENERATED_CASES=N` runs more of them,
//! `SHADERXFORM_GENERATED_SEED=S` others, and
//! `SHADERXFORM_GENERATED_KEEP=DIR` keeps every shader written.

mod common;

use std::fmt::Write as _;
use std::path::Path;

use shaderxform::gpu::{self, Error, ShaderFormat, ValidateOptions, Verdict};
use shaderxform::{Compiler, InputFormat, Options, PassSelection, Source, Target};

/// A small, fixed pseudo-random sequence (SplitMix64).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }

    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len() as u64) as usize]
    }
}

/// A member of a record: its WGSL type and how a `u32` becomes one.
#[derive(Clone, Copy)]
struct Member {
    ty: &'static str,
    words: u32,
    from_u32: &'static str,
}

const MEMBERS: [Member; 6] = [
    Member {
        ty: "f32",
        words: 1,
        from_u32: "f32(X)",
    },
    Member {
        ty: "u32",
        words: 1,
        from_u32: "X",
    },
    Member {
        ty: "i32",
        words: 1,
        from_u32: "i32(X) - 5",
    },
    Member {
        ty: "vec2<f32>",
        words: 2,
        from_u32: "vec2<f32>(f32(X), f32(X) * 0.5)",
    },
    Member {
        ty: "vec2<u32>",
        words: 2,
        from_u32: "vec2<u32>(X, X ^ 3u)",
    },
    Member {
        ty: "vec4<f32>",
        words: 4,
        from_u32: "vec4<f32>(f32(X), 1.0, f32(X) + 2.0, -f32(X))",
    },
];

/// One generated kernel: its WGSL, its dispatch and runtime-array sizes.
struct Case {
    wgsl: String,
    workgroups: u32,
    sizes: Vec<(String, u64)>,
}

/// The members of a record of at most 8 words, at least 2, laid out by
/// WGSL with no padding (vectors aligned by their size).
fn record(rng: &mut Rng) -> Vec<Member> {
    loop {
        let mut members = Vec::new();
        let mut words = 0;
        let count = 1 + rng.below(4);
        for _ in 0..count {
            let m = *rng.pick(&MEMBERS);
            // No padding: a vector starts at a multiple of its size.
            if words % m.words != 0 || words + m.words > 8 {
                continue;
            }
            words += m.words;
            members.push(m);
        }
        // The struct's size must be a multiple of its alignment.
        let align = members.iter().map(|m| m.words).max().unwrap_or(1);
        if (2..=8).contains(&words) && words % align == 0 {
            return members;
        }
    }
}

fn generate(rng: &mut Rng) -> Case {
    let size = *rng.pick(&[32u32, 64, 128]);
    let members = record(rng);
    let mut w = String::new();
    w.push_str("struct Rec {\n");
    for (n, m) in members.iter().enumerate() {
        writeln!(w, "    m{n}: {},", m.ty).unwrap();
    }
    w.push_str("}\n\n");
    w.push_str("struct Params { first: u32, count: u32, limit: u32, pad: u32 }\n\n");
    w.push_str("@group(0) @binding(0) var<storage, read> src: array<u32>;\n");
    w.push_str("@group(0) @binding(1) var<storage, read_write> out: array<Rec>;\n");
    w.push_str("@group(0) @binding(2) var<uniform> params: Params;\n");
    let second = rng.chance(30);
    if second {
        w.push_str("@group(0) @binding(3) var<storage, read_write> mirror: array<Rec>;\n");
    }
    // An assignment under the guard, read after it, through `side`.
    let late = rng.chance(25);
    let side = late || rng.chance(15);
    if side {
        w.push_str("@group(0) @binding(4) var<storage, read_write> side: array<u32>;\n");
    }
    w.push('\n');

    // A helper computing the record's value, or the value inline.
    let helper = rng.chance(40);
    let value_of = |x: &str| {
        let fields: Vec<String> = members
            .iter()
            .enumerate()
            .map(|(n, m)| {
                let v = format!("({x} + {n}u)");
                m.from_u32.replace('X', &v)
            })
            .collect();
        format!("Rec({})", fields.join(", "))
    };
    if helper {
        writeln!(
            w,
            "fn make(x: u32) -> Rec {{\n    return {};\n}}\n",
            value_of("x")
        )
        .unwrap();
    }

    let records = 1024 + 64 * rng.below(4) as u32 - rng.below(3) as u32 * 40;
    let workgroups = records.div_ceil(size) + rng.below(2) as u32;
    let index_forms = [
        ("gid.x", false),
        ("wid.x * WG + lid.x", false),
        ("wid.x * WG + lidx", false),
        ("gid.x + params.first", true),
    ];
    let (index, offset) = *rng.pick(&index_forms);
    let index = index.replace("WG", &format!("{size}u"));

    writeln!(w, "@compute @workgroup_size({size})").unwrap();
    w.push_str("fn main(\n    @builtin(global_invocation_id) gid: vec3<u32>,\n");
    w.push_str("    @builtin(local_invocation_id) lid: vec3<u32>,\n");
    w.push_str("    @builtin(local_invocation_index) lidx: u32,\n");
    w.push_str("    @builtin(workgroup_id) wid: vec3<u32>,\n) {\n");
    writeln!(w, "    let i = {index};").unwrap();
    w.push_str("    var acc = src[gid.x % 64u];\n");

    // Statements before the access that the pass must leave meaning what
    // they meant.
    let mut body = String::new();
    if rng.chance(50) {
        // An `if` that guards no rewritten access and assigns a local.
        let cond = *rng.pick(&[
            "lid.x < wid.x",
            "src[lid.x % 64u] % 3u == 0u",
            "gid.x % 5u == 1u",
            "lidx < params.limit",
        ]);
        writeln!(
            body,
            "    if ({cond}) {{\n        acc = src[(lid.x + 1u) % 64u] + 1u;\n    }}"
        )
        .unwrap();
    }
    if rng.chance(35) {
        let trips = 1 + rng.below(4);
        writeln!(
            body,
            "    for (var t = 0u; t < {trips}u; t++) {{\n        acc = acc * 3u + src[(i + t) % 64u];\n    }}"
        )
        .unwrap();
    }
    let value = if helper {
        "make(acc + i)".to_string()
    } else {
        value_of("acc + i")
    };
    let mut access = String::new();
    writeln!(access, "    out[i] = {value};").unwrap();
    if second {
        if rng.chance(50) {
            access.push_str("    mirror[i] = out[i];\n");
        } else {
            writeln!(access, "    mirror[i] = {};", value_of("acc * 2u + i")).unwrap();
        }
    }
    if side {
        access.push_str("    side[gid.x] = acc;\n");
    }
    if late {
        access.push_str("    acc = acc + 100u;\n");
    }

    let bound = *rng.pick(&["arrayLength(&out)", "params.count"]);
    let guard = rng.below(4);
    match guard {
        // No guard: only in bounds.
        0 if !offset => {
            w.push_str(&body);
            w.push_str("    if (i >= arrayLength(&out)) {\n        return;\n    }\n");
            w.push_str(&access);
        }
        // An early return.
        1 => {
            writeln!(w, "    if (i >= {bound}) {{\n        return;\n    }}").unwrap();
            w.push_str(&body);
            w.push_str(&access);
        }
        // The body inside the bounds guard.
        _ => {
            w.push_str(&body);
            writeln!(w, "    if (i < {bound}) {{").unwrap();
            for line in access.lines() {
                writeln!(w, "    {line}").unwrap();
            }
            w.push_str("    }\n");
        }
    }
    if late || (side && rng.chance(50)) {
        // A value the guard may have changed, read after it.
        w.push_str("    side[gid.x] = side[gid.x] + acc;\n");
    }
    w.push_str("}\n");

    let invocations = u64::from(workgroups * size);
    let mut sizes = vec![
        ("src".to_string(), 64),
        ("out".to_string(), u64::from(records)),
    ];
    if second {
        sizes.push(("mirror".into(), u64::from(records)));
    }
    if side {
        sizes.push(("side".into(), invocations));
    }
    Case {
        wgsl: w,
        workgroups,
        sizes,
    }
}

/// The parameters a harness gives every case: `first` small, so that
/// offset indices stay mostly in bounds, `count` near the record count.
fn harness(case: &Case) -> String {
    let records = case.sizes.iter().find(|(n, _)| n == "out").unwrap().1;
    let mut harness = format!("dispatch = [{}, 1, 1]\n", case.workgroups);
    // The sizes too, so that a case kept with SHADERXFORM_GENERATED_KEEP
    // runs again as it ran here: a store past the end of an array is
    // dropped by some drivers and moved to the last element by others.
    for (name, size) in &case.sizes {
        harness += &format!("\n[binding.{name}]\nsize = {size}\n");
    }
    // Only a binding the entry point uses may be named.
    if case.wgsl.contains("params.") {
        let count = records - 17;
        harness += &format!("\n[binding.params]\nvalues = [3, {count}, 40, 0]\n");
    }
    harness
}

fn env_number(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

#[test]
fn generated_kernels_agree_after_the_pass() {
    let cases = env_number("SHADERXFORM_GENERATED_CASES", 48);
    let seed = env_number("SHADERXFORM_GENERATED_SEED", 0x5EED_1A4E);
    let keep = std::env::var_os("SHADERXFORM_GENERATED_KEEP");
    let dir = tempfile::tempdir().unwrap();
    let out_dir = keep
        .as_ref()
        .map(|k| Path::new(k).to_path_buf())
        .unwrap_or_else(|| dir.path().to_path_buf());
    std::fs::create_dir_all(&out_dir).unwrap();
    let target = Target {
        subgroups: true,
        ..Target::default()
    };
    let transposing = Compiler::new(Options {
        passes: PassSelection::Named(vec![shaderxform::passes::lane_transpose::NAME.into()]),
        target: target.clone(),
        ..Options::default()
    })
    .unwrap();
    let mut rng = Rng(seed);
    let mut rewritten = 0;
    let mut lifted = 0;
    for n in 0..cases {
        let case = generate(&mut rng);
        let name = format!("case_{n:03}");
        let path = out_dir.join(format!("{name}.wgsl"));
        std::fs::write(&path, &case.wgsl).unwrap();
        std::fs::write(out_dir.join(format!("{name}.harness.toml")), harness(&case)).unwrap();
        let source = Source::from_text(path.to_str().unwrap(), InputFormat::Wgsl, &case.wgsl);
        let transformed = transposing
            .transform(&source)
            .unwrap_or_else(|f| panic!("{name}: {f}\n{}", case.wgsl));
        let changes = &transformed.passes[0].changes;
        if changes.iter().any(|c| c.kind.starts_with("coalesce-")) {
            rewritten += 1;
            if common::wgsl(&transposing, &source).contains("in_bounds") {
                lifted += 1;
            }
        }
        let mut options = ValidateOptions::new(Options {
            passes: PassSelection::Named(vec![shaderxform::passes::lane_transpose::NAME.into()]),
            target: target.clone(),
            ..Options::default()
        });
        options.seed = Some(n);
        for format in [ShaderFormat::Wgsl, ShaderFormat::Spirv] {
            options.shader_format = format;
            match gpu::validate(&path, &options) {
                Ok(v) => assert_eq!(
                    v.verdict,
                    Verdict::Agree,
                    "{name} ({format:?}) does not agree after lane-transpose:\n{}\n{}",
                    v.describe(),
                    case.wgsl
                ),
                Err(Error::NoAdapter(e)) if !common::gpu_required() => {
                    eprintln!("skipped: no adapter ({e})");
                    return;
                }
                Err(e) => panic!("{name} ({format:?}): {e}\n{}", case.wgsl),
            }
        }
    }
    eprintln!("{rewritten} of {cases} cases rewritten, {lifted} with a guard lifted");
    // The cases are worth running only where the pass rewrites a good
    // share of them, lifting guards in some.
    assert!(
        rewritten * 4 >= cases,
        "only {rewritten} of {cases} cases rewritten"
    );
    assert!(lifted > 0, "no case lifted a guard");
}
