//! Mutation test: corpus shaders and Tint's tests of past bugs
//! (`mutations/tint/`) broken in small ways (tokens, lines and
//! bytes of text deleted, duplicated, swapped or spliced; words and
//! instructions of SPIR-V binaries flipped, dropped, duplicated or moved),
//! each read and transformed, and held to the property of
//! `mutations/property.rs`: no internal error, no hang, and every error
//! placed (a line and column in text, a word offset and an instruction in
//! a binary).
//!
//! Beside it, the places of errors and changes on SPIR-V input: a word
//! offset and an instruction in a binary, a line in assembly.
//!
//! Deterministic: a fixed seed and a fixed number of mutants, so that a
//! failure is the same on every machine. `SHADERXFORM_MUTANTS=N` runs N
//! mutants of each format instead, and `SHADERXFORM_MUTATION_SEED=S`
//! another seed, for longer searches; `SHADERXFORM_MUTANTS_DIR=DIR` keeps
//! every mutant that breaks the property there.

mod common;
#[path = "mutations/property.rs"]
mod property;

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::mpsc;
use std::time::Duration;

use shaderxform::front::{FrontOptions, GlslFront};
use shaderxform::{Compiler, InputFormat, Options, PassSelection, Source};

use property::Violation;

/// Mutants of each format when the environment names no other count:
/// about 20 s in a debug build on 2 cores.
const MUTANTS_PER_FORMAT: usize = 700;
const SEED: u64 = 0x5eed_0f0f_f5e7;
/// Far beyond any input's time: a mutant still running is a hang.
const HANG: Duration = Duration::from_secs(60);

/// splitmix64: small, seedable, the same everywhere.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }

    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

/// Tokens of text: identifiers and numbers whole, whitespace runs whole,
/// every other character alone.
fn tokens(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    let class = |c: char| {
        if c.is_alphanumeric() || c == '_' || c == '.' {
            0
        } else if c.is_whitespace() {
            1
        } else {
            2
        }
    };
    for i in 1..=chars.len() {
        let boundary = match (chars.get(i - 1), chars.get(i)) {
            (Some(&(_, a)), Some(&(_, b))) => class(a) != class(b) || class(a) == 2,
            _ => true,
        };
        if boundary {
            let end = chars.get(i).map_or(text.len(), |&(at, _)| at);
            out.push(&text[start..end]);
            start = end;
        }
    }
    out
}

/// What a mutation may insert, per language: constructs that come up in
/// real mistakes (attributes without a declaration, stray brackets,
/// numbers out of range), and characters beyond ASCII.
fn vocabulary(format: InputFormat) -> &'static [&'static str] {
    match format {
        InputFormat::Wgsl => &[
            "@group(0)",
            "@binding(1)",
            "@compute",
            "@workgroup_size(64)",
            "@vertex",
            "@builtin(position)",
            "@location(0)",
            "(",
            ")",
            "{",
            "}",
            "[",
            "]",
            "<",
            ">",
            ";",
            ",",
            ":",
            "=",
            "->",
            "&",
            "*",
            "fn",
            "var",
            "let",
            "const",
            "struct",
            "return",
            "if",
            "else",
            "loop",
            "for",
            "break",
            "continue",
            "switch",
            "0",
            "1u",
            "-1",
            "1e39",
            "0xffffffffu",
            "2.5h",
            "f16",
            "f32",
            "i32",
            "vec4<f32>",
            "array<u32>",
            "atomic<u32>",
            "ptr<function, i32>",
            "workgroupBarrier()",
            "storageBarrier();",
            "override",
            "alias",
            "enable f16;",
            "diagnostic(off, derivative_uniformity)",
            "ñame",
            "∑",
            "\u{3000}",
        ],
        InputFormat::SpirvAssembly => &[
            "OpNop",
            "%1",
            "%void",
            "%uint",
            "%float",
            "OpTypeInt 32 0",
            "OpTypeFloat 64",
            "OpReturn",
            "OpLabel",
            "OpFunctionEnd",
            "\"x\"",
            "0",
            "1",
            "4294967295",
            "Uniform",
            "StorageBuffer",
            "Function",
            "%main",
            "=",
            "OpUnreachable",
            "OpBranch %5",
            "OpDecorate %1 Binding 0",
            "OpCapability Float64",
            "OpKill",
            "Workgroup",
            "%ñ",
            "\"∑\"",
        ],
        _ => &[
            "layout(binding = 0)",
            "layout(local_size_x = 64) in;",
            "#define X 1",
            "#if X",
            "#endif",
            "uniform",
            "buffer",
            "shared",
            "void",
            "float",
            "int",
            "uint",
            "vec4",
            "barrier();",
            "return;",
            "(",
            ")",
            "{",
            "}",
            "[",
            "]",
            ";",
            ",",
            "=",
            "0",
            "1u",
            "-1",
            "1e39",
            "gl_GlobalInvocationID.x",
            "discard;",
            "struct",
            "in",
            "out",
            "ñame",
            "∑",
            "\u{3000}",
        ],
    }
}

/// One to three textual mutations of `text`; `others` are lines of the
/// other shaders of the format, for splicing.
fn mutate_text(rng: &mut Rng, text: &str, format: InputFormat, others: &[&str]) -> String {
    let mut out = text.to_string();
    for _ in 0..1 + rng.below(3) {
        let toks = tokens(&out);
        if toks.is_empty() {
            break;
        }
        let i = rng.below(toks.len());
        let j = rng.below(toks.len());
        let join = |parts: &[&str]| parts.concat();
        out = match rng.below(10) {
            0 => join(&[&toks[..i].concat(), &toks[i + 1..].concat()]),
            1 => join(&[&toks[..=i].concat(), toks[i], &toks[i + 1..].concat()]),
            2 => {
                let mut t = toks.clone();
                t.swap(i, j);
                t.concat()
            }
            3 => {
                let word = rng.pick(vocabulary(format));
                join(&[&toks[..i].concat(), " ", word, " ", &toks[i..].concat()])
            }
            4..=6 => {
                let mut lines: Vec<&str> = out.split_inclusive('\n').collect();
                let l = rng.below(lines.len());
                match rng.below(3) {
                    0 => {
                        lines.remove(l);
                    }
                    1 => lines.insert(l, lines[l]),
                    _ => lines.insert(l, *rng.pick(others)),
                }
                lines.concat()
            }
            7 => {
                let mut t = toks.clone();
                t[i] = toks[j];
                t.concat()
            }
            8 => toks[..i].concat(),
            _ => {
                // A character changed into any printable ASCII one.
                let mut bytes = out.clone().into_bytes();
                let at = rng.below(bytes.len());
                if bytes[at].is_ascii() {
                    bytes[at] = b' ' + rng.below(95) as u8;
                }
                String::from_utf8(bytes).unwrap_or(out)
            }
        };
    }
    out
}

/// Word ranges of the instructions after the header (as far as the words
/// can be split into instructions).
fn instructions(words: &[u32]) -> Vec<std::ops::Range<usize>> {
    let mut out = Vec::new();
    let mut at = 5;
    while at < words.len() {
        let count = (words[at] >> 16) as usize;
        if count == 0 || at + count > words.len() {
            break;
        }
        out.push(at..at + count);
        at += count;
    }
    out
}

/// One to three mutations of a module's words; `others` are the other
/// modules of the corpus, for splicing their instructions.
fn mutate_words(rng: &mut Rng, words: &[u32], others: &[Vec<u32>]) -> Vec<u32> {
    let mut out = words.to_vec();
    for _ in 0..1 + rng.below(3) {
        let insts = instructions(&out);
        if out.len() <= 5 || insts.is_empty() {
            break;
        }
        // Mostly after the header: its five words are checked first.
        let w = if rng.below(20) == 0 {
            rng.below(out.len())
        } else {
            5 + rng.below(out.len() - 5)
        };
        let inst = rng.pick(&insts).clone();
        match rng.below(10) {
            0 => out[w] ^= 1 << rng.below(32),
            1 => {
                out.remove(w);
            }
            2 => out.insert(w, out[w]),
            3 => {
                out.drain(inst);
            }
            4 => {
                let copy = out[inst.clone()].to_vec();
                out.splice(inst.start..inst.start, copy);
            }
            5 => {
                let moved: Vec<u32> = out.drain(inst).collect();
                let starts: Vec<usize> = instructions(&out).iter().map(|r| r.start).collect();
                let to = starts
                    .get(rng.below(starts.len()))
                    .copied()
                    .unwrap_or(out.len());
                out.splice(to..to, moved);
            }
            6 => {
                let other = rng.pick(others);
                let from = instructions(other);
                if !from.is_empty() {
                    let spliced = other[rng.pick(&from).clone()].to_vec();
                    out.splice(inst.start..inst.start, spliced);
                }
            }
            7 => out[w] = rng.below(300) as u32,
            8 => {
                // The word count of an instruction changed.
                let count = (out[inst.start] >> 16) as usize;
                let new = (count as i64 + rng.below(5) as i64 - 2).max(0) as u32;
                out[inst.start] = (out[inst.start] & 0xffff) | (new << 16);
            }
            _ => out.truncate(w),
        }
    }
    out
}

/// Which reader a mutant goes through.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Front {
    /// naga's readers, and SPIRV-Tools' assembler.
    Naga,
    /// glslang for GLSL and HLSL: a process per shader, so fewer mutants.
    Glslang,
}

fn compiler(front: Front) -> Compiler {
    let glsl_front = match front {
        Front::Naga => GlslFront::Naga,
        Front::Glslang => GlslFront::Glslang,
    };
    Compiler::new(Options {
        passes: PassSelection::All,
        front: FrontOptions {
            glsl_front,
            ..Default::default()
        },
        ..Options::default()
    })
    .expect("every pass is a valid selection")
}

/// Mutants through glslang, for each of its languages, per mutant of a
/// format read by naga.
const GLSLANG_SHARE: usize = 8;

fn count_from_env(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// The seeds of each format: corpus shaders, Tint's tests of past bugs
/// (`mutations/tint/`, WGSL), and binaries assembled from the corpus'
/// SPIR-V assembly.
fn seeds() -> Vec<(Front, InputFormat, Vec<Source>)> {
    let text_of = |keep: &dyn Fn(&Path) -> bool| -> Vec<Source> {
        common::corpus_files_where(keep)
            .into_iter()
            .map(|p| {
                let name = common::display(&p);
                Source::read(Path::new(&name), None)
                    .or_else(|_| Source::read(&p, None))
                    .expect("corpus shaders are readable")
            })
            .collect()
    };
    let ext = |p: &Path, e: &[&str]| {
        p.extension()
            .and_then(|x| x.to_str())
            .is_some_and(|x| e.contains(&x))
    };
    // Not the uniformity cases (hundreds of near-duplicates) nor the
    // benchmarks (generated variants): the translation, pass and
    // emission corpora cover the language.
    let in_pass_corpora = |p: &Path| {
        let s = p.to_string_lossy();
        !s.contains("/uniformity/") && !s.contains("/bench/")
    };
    let mut wgsl = text_of(&|p| ext(p, &["wgsl"]) && in_pass_corpora(p));
    wgsl.extend(tint_bug_tests());
    let glsl = text_of(&|p| ext(p, &["comp", "vert", "frag"]) || p.ends_with(".vert.glsl"));
    let spvasm = text_of(&|p| ext(p, &["spvasm"]));
    let hlsl = text_of(&|p| ext(p, &["hlsl"]));
    let binary: Vec<Source> = spvasm
        .iter()
        .map(|s| {
            let words = shaderxform::front::assemble_spirv(s.text().unwrap())
                .unwrap_or_else(|d| panic!("{}: {d:?}", s.name));
            let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
            Source::new(
                s.name.replace(".spvasm", ".spv"),
                InputFormat::SpirvBinary,
                bytes,
            )
        })
        .collect();
    let mut seeds = vec![
        (Front::Naga, InputFormat::Wgsl, wgsl),
        (
            Front::Naga,
            InputFormat::Glsl(naga::ShaderStage::Compute),
            glsl.clone(),
        ),
        (Front::Naga, InputFormat::SpirvAssembly, spvasm),
        (Front::Naga, InputFormat::SpirvBinary, binary),
    ];
    if common::tool("glslangValidator").is_some() {
        seeds.push((
            Front::Glslang,
            InputFormat::Glsl(naga::ShaderStage::Compute),
            glsl,
        ));
        seeds.push((
            Front::Glslang,
            InputFormat::Hlsl(naga::ShaderStage::Compute),
            hlsl,
        ));
    }
    seeds
}

/// Tint's end-to-end tests of past bugs, in name order.
fn tint_bug_tests() -> Vec<Source> {
    let dir = common::root().join("tests/mutations/tint");
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .expect("tests/mutations/tint")
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "wgsl"))
        .collect();
    paths.sort();
    paths
        .iter()
        .map(|p| {
            let name = format!("tint/{}", p.file_name().unwrap().to_string_lossy());
            let bytes = std::fs::read(p).expect("readable");
            Source::new(name, InputFormat::Wgsl, bytes)
        })
        .collect()
}

/// Every mutant of the run, in order: `count` of each format read by
/// naga, a share of that through glslang.
fn mutants(seed: u64, count: usize) -> Vec<(Front, Source)> {
    let mut rng = Rng(seed);
    let mut out = Vec::new();
    for (front, format, seeds) in seeds() {
        assert!(!seeds.is_empty(), "no corpus shaders of {format}");
        let count = match front {
            Front::Naga => count,
            Front::Glslang => count.div_ceil(GLSLANG_SHARE),
        };
        if format == InputFormat::SpirvBinary {
            let words: Vec<Vec<u32>> = seeds
                .iter()
                .map(|s| {
                    s.bytes
                        .chunks_exact(4)
                        .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
                        .collect()
                })
                .collect();
            for n in 0..count {
                let i = rng.below(seeds.len());
                let mutated = mutate_words(&mut rng, &words[i], &words);
                let bytes: Vec<u8> = mutated.iter().flat_map(|w| w.to_le_bytes()).collect();
                let name = format!("{}#{n}", seeds[i].name);
                out.push((front, Source::new(name, format, bytes)));
            }
            continue;
        }
        let texts: Vec<&str> = seeds.iter().map(|s| s.text().unwrap()).collect();
        let lines: Vec<&str> = texts.iter().flat_map(|t| t.split_inclusive('\n')).collect();
        for n in 0..count {
            let i = rng.below(seeds.len());
            let mutated = mutate_text(&mut rng, texts[i], seeds[i].format, &lines);
            // The name keeps the seed's extension: GLSL's names its stage.
            let name = format!("mutant{n}-{}", seeds[i].name.replace('/', "-"));
            out.push((front, Source::from_text(name, seeds[i].format, mutated)));
        }
    }
    out
}

/// Runs every mutant through the property on a worker thread, so that a
/// hang is caught as one; violations by class, each with its mutants.
fn run(mutants: Vec<(Front, Source)>) -> BTreeMap<String, Vec<(Source, Violation)>> {
    let (to_worker, inbox) = mpsc::channel::<(Front, Source)>();
    let (to_test, results) = mpsc::channel::<(Source, Vec<Violation>)>();
    let worker = std::thread::spawn(move || {
        let (naga, glslang) = (compiler(Front::Naga), compiler(Front::Glslang));
        for (front, source) in inbox {
            let compiler = match front {
                Front::Naga => &naga,
                Front::Glslang => &glslang,
            };
            let violations = property::check(compiler, &source);
            if to_test.send((source, violations)).is_err() {
                return;
            }
        }
    });
    let mut classes: BTreeMap<String, Vec<(Source, Violation)>> = BTreeMap::new();
    for (front, source) in mutants {
        let name = format!("{} ({front:?})", source.name);
        let text = String::from_utf8_lossy(&source.bytes).into_owned();
        to_worker
            .send((front, source))
            .expect("the worker is running");
        let (source, violations) = results
            .recv_timeout(HANG)
            .unwrap_or_else(|_| panic!("{name} hangs (over {HANG:?}):\n{text}"));
        for v in violations {
            classes
                .entry(v.class())
                .or_default()
                .push((source.clone(), v));
        }
    }
    drop(to_worker);
    worker.join().expect("the worker ends");
    classes
}

#[test]
fn every_mutant_is_read_or_refused_with_placed_errors() {
    let count = count_from_env("SHADERXFORM_MUTANTS", MUTANTS_PER_FORMAT as u64) as usize;
    let seed = count_from_env("SHADERXFORM_MUTATION_SEED", SEED);
    let mutants = mutants(seed, count);
    let total = mutants.len();
    let classes = run(mutants);
    if let Some(dir) = std::env::var_os("SHADERXFORM_MUTANTS_DIR") {
        std::fs::create_dir_all(&dir).expect("create the mutants folder");
        for (n, (source, _)) in classes.values().flatten().enumerate() {
            let name = source.name.replace(['/', '#'], "-");
            let ext = source.format.name();
            let path = Path::new(&dir).join(format!("{n:05}-{name}.{ext}"));
            std::fs::write(path, &source.bytes).expect("write a mutant");
        }
    }
    let report: Vec<String> = classes
        .iter()
        .map(|(class, cases)| {
            let (source, violation) = &cases[0];
            format!(
                "{} x{}: first {}\n{}\n--- mutant ---\n{}",
                class,
                cases.len(),
                source.name,
                violation.rendered,
                String::from_utf8_lossy(&source.bytes)
                    .chars()
                    .take(1500)
                    .collect::<String>()
            )
        })
        .collect();
    let broken: usize = classes.values().map(Vec::len).sum();
    assert!(
        classes.is_empty(),
        "{broken} errors of {total} mutants break the property:\n\n{}",
        report.join("\n\n")
    );
}

/// The mutations change what they are given, and the same seed gives the
/// same mutants.
#[test]
fn mutants_are_deterministic_and_differ_from_their_seeds() {
    let a = mutants(7, 24);
    let b = mutants(7, 24);
    assert!(a.len() >= 4 * 24);
    assert!(a.iter().zip(&b).all(|(x, y)| x.1.bytes == y.1.bytes));
    let seeds: Vec<Vec<u8>> = seeds()
        .into_iter()
        .flat_map(|(_, _, s)| s.into_iter().map(|s| s.bytes))
        .collect();
    let changed = a.iter().filter(|m| !seeds.contains(&m.1.bytes)).count();
    assert!(
        changed * 10 >= a.len() * 9,
        "{changed} of {} mutants differ from every seed",
        a.len()
    );
}

/// An error on a binary names the word and the instruction it is about,
/// in the rendered text and in the JSON.
#[test]
fn a_binary_error_names_its_word_and_instruction() {
    let text = std::fs::read_to_string(
        common::root().join("corpus/translate/spv_buffer_double_f32.spvasm"),
    )
    .expect("corpus shader");
    let mut words = shaderxform::front::assemble_spirv(&text).expect("it assembles");
    let load = instructions(&words)
        .into_iter()
        .find(|r| words[r.start] & 0xffff == 61)
        .expect("an OpLoad");
    let result = words[load.start + 2];
    // Its pointer becomes an id nothing defines.
    words[load.start + 3] = words[3] + 1;
    let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    let source = Source::new("x.spv", InputFormat::SpirvBinary, bytes);
    let failure = compiler(Front::Naga)
        .transform(&source)
        .expect_err("spirv-val refuses it");
    let d = &failure.diagnostics[0];
    assert_eq!(d.code.as_deref(), Some("spirv::invalid"), "{d:?}");
    let json = shaderxform::DiagnosticJson::new(d, &source);
    assert_eq!(json.word_offset, Some(load.start));
    assert_eq!(
        json.instruction.as_deref(),
        Some(&*format!("%{result} = OpLoad"))
    );
    let rendered = shaderxform::render(d, &source, shaderxform::ColorChoice::Never);
    assert!(
        rendered.contains(&format!("x.spv: word {}: `%{result} = OpLoad`", load.start)),
        "{rendered}"
    );
}

/// A pass's change on SPIR-V assembly has the line of the instruction it
/// changed, in the report.
#[test]
fn a_change_on_assembly_has_the_line_of_its_instruction() {
    let path = common::root().join("corpus/float-atomics/spv_float_minmax.spvasm");
    let source = Source::read(&path, None).expect("corpus shader");
    let transformed = compiler(Front::Naga)
        .transform(&source)
        .expect("the corpus shader compiles");
    let change = transformed
        .passes
        .iter()
        .find(|p| p.name == shaderxform::passes::float_atomics::NAME)
        .and_then(|p| p.changes.first())
        .expect("float-atomics changes the shader");
    let json = shaderxform::report::ChangeJson::new(change, &source);
    let line = json.line.expect("a line");
    let text = source.text().unwrap();
    let quoted = text.lines().nth(line - 1).unwrap();
    assert!(quoted.contains("= OpVariable"), "line {line}: {quoted}");
}

/// Tint's tests of past bugs, the mutants' extra seeds, keep the property
/// as they are.
#[test]
fn tint_bug_tests_keep_the_property_unmutated() {
    let seeds = tint_bug_tests();
    assert!(seeds.len() >= 190, "{} seeds", seeds.len());
    let classes = run(seeds.into_iter().map(|s| (Front::Naga, s)).collect());
    let report: Vec<String> = classes
        .iter()
        .map(|(class, cases)| format!("{class} x{}: first {}", cases.len(), cases[0].0.name))
        .collect();
    assert!(classes.is_empty(), "{}", report.join("\n"));
}
