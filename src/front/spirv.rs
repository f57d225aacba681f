use naga::Module;

use crate::diagnostics::Diagnostic;
use crate::front::spirv_float_atomics::lower_float_min_max;
use crate::front::spirv_legalize::{self, Legalized};
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

pub fn parse_binary(bytes: &[u8]) -> Result<Read, Vec<Diagnostic>> {
    if bytes.len() < 20 || !bytes.len().is_multiple_of(4) {
        return Err(vec![Diagnostic::error(format!(
            "not a SPIR-V binary: {} bytes is not a whole number of 32-bit words after a 5-word header",
            bytes.len()
        ))
        .with_code("spirv::not-spirv")]);
    }
    let magic = u32::from_le_bytes(bytes[..4].try_into().expect("4 bytes"));
    if magic != MAGIC {
        let hint = if magic.swap_bytes() == MAGIC {
            " (it is big-endian; shaderxform reads little-endian SPIR-V)"
        } else {
            ""
        };
        return Err(vec![Diagnostic::error(format!(
            "not a SPIR-V binary: the first word is {magic:#010x}, not the magic number {MAGIC:#010x}{hint}"
        ))
        .with_code("spirv::not-spirv")]);
    }
    // naga's reader trusts its input (a truncated module can make it index
    // out of bounds), so SPIRV-Tools checks it first.
    let words: Vec<u32> = bytes
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes(c.try_into().expect("4 bytes")))
        .collect();
    let env = universal_env(words[1] >> 16 & 0xff, words[1] >> 8 & 0xff);
    if let Err(e) = spirv_tools::validate(&words, env, ValidateOptions::default()) {
        return Err(vec![Diagnostic::error(format!(
            "invalid SPIR-V: {}",
            e.message
        ))
        .with_code("spirv::invalid")]);
    }
    // naga's reader panics on a type of 4 GiB or more.
    if let Some(oversized) = super::sizes::oversized_spirv_type(&words) {
        return Err(vec![oversized.diagnostic(None)]);
    }
    let mut legalized = if spirv_legalize::disabled() {
        Legalized {
            words,
            ..Default::default()
        }
    } else {
        spirv_legalize::legalize(words, env).map_err(|d| vec![d])?
    };
    // After spirv-val: the rewrite leaves SPIR-V that only naga accepts.
    let lowered = lower_float_min_max(std::mem::take(&mut legalized.words)).map_err(|d| vec![d])?;
    let words = with_lines_only_in_blocks(lowered.words);
    let module = naga::front::spv::Frontend::new(words.iter().copied(), &options())
        .parse()
        .map_err(|e| {
            let mut d = Diagnostic::error(format!("cannot read this SPIR-V: {e}"))
                .with_code("spirv::parse");
            if lowered.float_min_max > 0 {
                d = d.with_note(format!(
                    "shaderxform read its {} OpAtomicFMinEXT/OpAtomicFMaxEXT as OpAtomicSMin/OpAtomicSMax on floats, for the float-atomics pass",
                    lowered.float_min_max
                ));
            }
            vec![d]
        })?;
    let module = non_finite_constants_at_run_time(module)?;
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

pub fn parse_assembly(text: &str) -> Result<Read, Vec<Diagnostic>> {
    let words = assemble(text)?;
    let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    parse_binary(&bytes)
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
                "spirv::no-assembler"
            } else {
                "spirv::assemble"
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
        .with_code("spirv::non-finite")
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
            .with_code("spirv::non-finite")
            .with_note("WGSL and naga have no infinite or NaN constant")]
    })?;
    Ok(module)
}
