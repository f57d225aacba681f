use naga::{Module, Span};

use crate::diagnostics::Diagnostic;
use crate::front::glslang::first_line;
use crate::front::spirv_asm_positions::{line_before_instruction, SourceLines};
use crate::front::spirv_float_atomics::lower_float_min_max;
use crate::front::spirv_image_atomics::image_atomics_from_stand_ins;
use crate::front::spirv_legalize::{self, Legalized};
use crate::front::spirv_positions::{self, InputPositions, ReadPairing};
use crate::front::spirv_ray_queries::ray_queries_from_stand_ins;
use crate::spirv_tools::{self, TargetEnv, ValidateOptions};

const MAGIC: u32 = 0x0723_0203;

fn options() -> naga::front::spv::Options {
    naga::front::spv::Options {
        // Keep the shader's own coordinate conventions: the back ends
        // adjust for their targets.
        adjust_coordinate_space: false,
        strict_capabilities: false,
        block_ctx_dump_prefix: None,
    }
}

/// A module read from SPIR-V, and what was rewritten for naga's reader.
pub struct Read {
    pub module: Module,
    pub legalized: Legalized,
    /// The words naga read, which its spans index.
    pub words: Vec<u32>,
}

/// Where the spans of a module read from SPIR-V, and of the diagnostics
/// about it, point.
#[derive(Clone, Copy)]
pub enum SpanOrigin<'a> {
    /// SPIR-V that glslang compiled from `text` (named `file` in its line
    /// information): the module's spans stay naga's offsets of the words
    /// it read, which [`SourceLines`] maps to the text; diagnostics of
    /// the front end point at the text.
    Glslang { file: &'a str, text: &'a str },
    /// The bytes of the binary given (a word offset times four).
    Binary,
    /// The text of the assembly given, which assembled into the binary.
    Assembly(&'a str),
}

pub fn parse_binary(
    bytes: &[u8],
    origin: SpanOrigin,
    context: spirv_legalize::Context,
) -> Result<Read, Vec<Diagnostic>> {
    let on_binary = matches!(origin, SpanOrigin::Binary);
    if bytes.len() < 20 || !bytes.len().is_multiple_of(4) {
        let mut d = Diagnostic::error(format!(
            "not a SPIR-V binary: {} bytes is not a whole number of 32-bit words after a 5-word header",
            bytes.len()
        ))
        .with_code(shaderxform_passes::codes::SPIRV_NOT_SPIRV);
        if on_binary {
            // The words the header lacks, or the word left incomplete.
            let start = if bytes.len() < 20 {
                0
            } else {
                bytes.len() / 4 * 4
            };
            d = d.with_primary(Span::new(start as u32, bytes.len() as u32), "here");
        }
        return Err(vec![d]);
    }
    let magic = u32::from_le_bytes(bytes[..4].try_into().expect("4 bytes"));
    if magic != MAGIC {
        let hint = if magic.swap_bytes() == MAGIC {
            " (it is big-endian; shaderxform reads little-endian SPIR-V)"
        } else {
            ""
        };
        let mut d = Diagnostic::error(format!(
            "not a SPIR-V binary: the first word is {magic:#010x}, not the magic number {MAGIC:#010x}{hint}"
        ))
        .with_code(shaderxform_passes::codes::SPIRV_NOT_SPIRV);
        if on_binary {
            d = d.with_primary(Span::new(0, 4), "the magic number");
        }
        return Err(vec![d]);
    }
    // naga's reader trusts its input (a truncated module can make it index
    // out of bounds), so SPIRV-Tools checks it first.
    let mut input: Vec<u32> = bytes
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes(c.try_into().expect("4 bytes")))
        .collect();
    // Before anything loads the module with rspirv, which refuses it.
    crate::spirv_words::repair_source_text_utf8(&mut input);
    if let SpanOrigin::Glslang { .. } = origin {
        // What glslang writes invalid, and means plainly.
        input = super::glslang_repairs::bitcast_atomic_values(input).0;
    }
    let positions = match origin {
        SpanOrigin::Glslang { .. } => None,
        SpanOrigin::Binary => Some(InputPositions::binary(&input)),
        SpanOrigin::Assembly(text) => Some(InputPositions::assembly(&input, text)),
    };
    // A diagnostic without a place gets the one of the input instruction
    // it is about (from 0), or the module's as a whole.
    let place = |d: Diagnostic, instruction: Option<usize>, label: &str| {
        let span = match (&positions, origin) {
            (Some(positions), _) => {
                instruction.map_or(positions.header(), |n| positions.instruction(n))
            }
            (None, SpanOrigin::Glslang { file, text }) => instruction
                .and_then(|n| line_before_instruction(&input, n, file, text))
                .unwrap_or_else(|| first_line(text)),
            (None, _) => return d,
        };
        spirv_positions::placed(d, span, label)
    };
    let env = universal_env(input[1] >> 16 & 0xff, input[1] >> 8 & 0xff);
    if let Err(e) = spirv_tools::validate(&input, env, ValidateOptions::default()) {
        let at = e.instruction;
        let mut d = Diagnostic::error(format!("invalid SPIR-V: {}", e.message))
            .with_code(shaderxform_passes::codes::SPIRV_INVALID);
        // spirv-val quotes the instruction, disassembled.
        if let Some(note) = e.note {
            d = d.with_note(note);
        }
        return Err(vec![place(d, at, "the validator stops here")]);
    }
    let module_wide = |d| vec![place(d, None, "in this module")];
    // naga's reader panics on a type of 4 GiB or more.
    if let Some(oversized) = super::sizes::oversized_spirv_type(&input) {
        let text = match origin {
            SpanOrigin::Assembly(text) | SpanOrigin::Glslang { text, .. } => Some(text),
            SpanOrigin::Binary => None,
        };
        return Err(module_wide(oversized.diagnostic(text)));
    }
    let mut legalized = if spirv_legalize::disabled() {
        Legalized {
            words: input.clone(),
            ..Default::default()
        }
    } else {
        spirv_legalize::legalize(input.clone(), env, context).map_err(|refused| {
            refused
                .into_iter()
                .map(|r| place(r.diagnostic, r.instruction, r.label))
                .collect::<Vec<_>>()
        })?
    };
    // After spirv-val: the rewrite leaves SPIR-V that only naga accepts.
    let lowered = lower_float_min_max(std::mem::take(&mut legalized.words)).map_err(module_wide)?;
    let words = with_lines_only_in_blocks(lowered.words);
    let pairing = ReadPairing::new(&input, &words);
    let read_words = std::cell::Cell::new(0usize);
    let counted = words
        .iter()
        .inspect(|_| read_words.set(read_words.get() + 1));
    let parsed = naga::front::spv::Frontend::new(counted.copied(), &options()).parse();
    let mut module = parsed.map_err(|e| {
        let mut d = Diagnostic::error(format!("cannot read this SPIR-V: {e}"))
            .with_code(shaderxform_passes::codes::SPIRV_PARSE);
        if lowered.float_min_max > 0 {
            d = d.with_note(format!(
                "shaderxform read its {} OpAtomicFMinEXT/OpAtomicFMaxEXT as OpAtomicSMin/OpAtomicSMax on floats, for the float-atomics pass",
                lowered.float_min_max
            ));
        }
        // naga stopped at the instruction of the last word it read.
        let at = pairing
            .as_ref()
            .and_then(|pairing| pairing.of_read_word(read_words.get().saturating_sub(1)));
        vec![place(d, at, "naga's reader stops here")]
    })?;
    match (&positions, &pairing) {
        (Some(positions), Some(pairing)) => {
            spirv_positions::remap_module_spans(&mut module, &|span| pairing.span(span, positions))
        }
        // The words naga read are this module's own rewrite: they split.
        (Some(positions), None) => {
            spirv_positions::remap_module_spans(&mut module, &|_| positions.header())
        }
        (None, _) => {}
    }
    // A diagnostic about the module read: its spans are naga's, on the
    // lines they came from where glslang wrote the SPIR-V.
    let placed_in_module = |mut d: Diagnostic| {
        if let SpanOrigin::Glslang { file, text } = origin {
            let lines = SourceLines::of(&words, file, text);
            d.labels.retain_mut(|label| {
                match lines.as_ref().and_then(|l| l.text_span(label.span)) {
                    Some(span) => {
                        label.span = span;
                        true
                    }
                    None => false,
                }
            });
        }
        place(d, None, "in this module")
    };
    image_atomics_from_stand_ins(&mut module, &legalized.image_atomics)
        .map_err(|d| vec![placed_in_module(d)])?;
    ray_queries_from_stand_ins(&mut module, &legalized.ray_queries)
        .map_err(|d| vec![placed_in_module(d)])?;
    let mut module = non_finite_constants_at_run_time(module)
        .map_err(|ds| ds.into_iter().map(placed_in_module).collect::<Vec<_>>())?;
    // The reader's private copies of uniform built-ins (workgroup id,
    // subgroup size) reach the functions that read them as arguments,
    // which WGSL's uniformity rules see through.
    let copies = shaderxform_passes::analysis::uniformity::uniform_entry_copies(&module);
    shaderxform_passes::ir::pass_entry_copies_as_arguments(&mut module, &copies);
    Ok(Read {
        module,
        legalized,
        words,
    })
}

/// `words` with `OpLine` and `OpNoLine` only inside blocks, the one place
/// naga's reader takes both (glslang's `-g` puts them before functions and
/// labels too).
fn with_lines_only_in_blocks(words: Vec<u32>) -> Vec<u32> {
    const OP_LINE: u32 = 8;
    const OP_LABEL: u32 = 248;
    const OP_NO_LINE: u32 = 317;
    let mut out = Vec::with_capacity(words.len());
    out.extend_from_slice(&words[..words.len().min(5)]);
    let mut in_block = false;
    let mut at = 5;
    while at < words.len() {
        let count = ((words[at] >> 16) as usize).max(1);
        let instruction = &words[at..(at + count).min(words.len())];
        match words[at] & 0xffff {
            OP_LINE | OP_NO_LINE if !in_block => {}
            opcode => {
                in_block = opcode == OP_LABEL
                    || (in_block && !super::spirv_asm_positions::ends_block(opcode));
                out.extend_from_slice(instruction);
            }
        }
        at += count;
    }
    out
}

pub fn parse_assembly(
    text: &str,
    context: spirv_legalize::Context,
) -> Result<Read, Vec<Diagnostic>> {
    let words = assemble(text)?;
    let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    parse_binary(&bytes, SpanOrigin::Assembly(text), context)
}

/// The environment that checks a module against the rules of its own
/// SPIR-V version.
fn universal_env(major: u32, minor: u32) -> TargetEnv {
    match (major, minor) {
        (1, minor @ 0..=5) => TargetEnv::Universal { minor: minor as u8 },
        _ => TargetEnv::Universal { minor: 6 },
    }
}

/// Assembles SPIR-V text with SPIRV-Tools' assembler, for the version a
/// `; Version: 1.X` header comment names (as `spirv-dis` writes it), else
/// SPIR-V 1.3, the version of Vulkan 1.1.
pub fn assemble(text: &str) -> Result<Vec<u32>, Vec<Diagnostic>> {
    let version = text
        .lines()
        .take_while(|l| l.trim_start().starts_with(';') || l.trim().is_empty())
        .find_map(|l| {
            l.trim_start_matches([';', ' '])
                .strip_prefix("Version:")
                .map(str::trim)
        })
        .and_then(|v| v.split_once('.'))
        .and_then(|(a, b)| Some((a.parse().ok()?, b.parse().ok()?)))
        .unwrap_or((1, 3));
    match spirv_tools::assemble(text, universal_env(version.0, version.1)) {
        Ok(words) => Ok(words),
        Err(e) => {
            let code = if e.unavailable {
                shaderxform_passes::codes::SPIRV_NO_ASSEMBLER
            } else {
                shaderxform_passes::codes::SPIRV_ASSEMBLE
            };
            let mut d = Diagnostic::error(format!("cannot assemble this SPIR-V: {}", e.message))
                .with_code(code);
            if let (true, Some(note)) = (e.unavailable, e.note) {
                d = d.with_note(note);
            }
            if let Some((line, column)) = e.position {
                let start = crate::source::offset_of(text, line, column);
                let end = text[start..]
                    .find(char::is_whitespace)
                    .map_or(text.len(), |n| start + n.max(1));
                d = d.with_primary(naga::Span::new(start as u32, end as u32), "here");
            }
            Err(vec![d])
        }
    }
}

/// naga's IR has no infinite or NaN f32 or f64 literal, yet SPIR-V
/// constants hold them (glslang folds `1.0 / 0.0` into one): they are
/// computed at run time from their bits, where the functions use them.
fn non_finite_constants_at_run_time(
    mut module: naga::Module,
) -> Result<naga::Module, Vec<Diagnostic>> {
    let non_finite = |literal: naga::Literal| match literal {
        naga::Literal::F32(v) => !v.is_finite(),
        naga::Literal::F64(v) => !v.is_finite(),
        _ => false,
    };
    let non_finite_default = module.overrides.iter().find(|(_, o)| {
        o.init.is_some_and(|init| {
            matches!(module.global_expressions[init], naga::Expression::Literal(l) if non_finite(l))
        })
    });
    if let Some((handle, o)) = non_finite_default {
        return Err(vec![Diagnostic::error(format!(
            "specialization constant `{}` has an infinite or NaN default, which no target can hold",
            o.name.as_deref().unwrap_or("(unnamed)")
        ))
        .with_code(shaderxform_passes::codes::SPIRV_NON_FINITE)
        .with_primary(
            module.overrides.get_span(handle),
            "this specialization constant",
        )
        .with_note(
            "WGSL and naga have no infinite or NaN constant; give it a finite default",
        )]);
    }
    shaderxform_passes::ir::compute_floats_at_run_time(&mut module, &non_finite).map_err(|e| {
        vec![Diagnostic::error(format!("cannot read this SPIR-V: {e}"))
            .with_code(shaderxform_passes::codes::SPIRV_NON_FINITE)
            .with_note("WGSL and naga have no infinite or NaN constant")]
    })?;
    Ok(module)
}
