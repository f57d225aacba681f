//! The memory layout of the structs a host shares, kept in WGSL: naga
//! writes struct members without `@size` or `@align`, so the text is read
//! back and members get the `@size`, and structs the leading words, that
//! put every member where the module has it; a layout WGSL cannot hold is
//! an error, never a silent change.

use std::collections::{HashMap, HashSet};

use naga::proc::Layouter;
use naga::{ArraySize, Handle, Module, Type, TypeInner};

use super::{backend_error, EmitError, OutputFormat};
use crate::diagnostics::Diagnostic;

/// The structs naga declares, in the order it writes them: every struct
/// type but those WGSL predeclares.
fn declared_structs(module: &Module) -> Vec<Handle<Type>> {
    let special = &module.special_types;
    module
        .types
        .iter()
        .filter(|(h, ty)| {
            matches!(ty.inner, TypeInner::Struct { .. })
                && !special.predeclared_types.values().any(|t| t == h)
                && special.external_texture_params != Some(*h)
                && special.external_texture_transfer_function != Some(*h)
        })
        .map(|(h, _)| h)
        .collect()
}

/// The structs whose memory layout the host sees: those reachable from the
/// type of a uniform, storage or immediate-data variable. A struct that
/// only passes stage inputs and outputs (naga's GLSL front end gathers a
/// vertex shader's outputs in one) or lives in private or workgroup memory
/// has no layout anyone reads.
fn host_shared_structs(module: &Module) -> HashSet<Handle<Type>> {
    fn visit(module: &Module, ty: Handle<Type>, found: &mut HashSet<Handle<Type>>) {
        match module.types[ty].inner {
            TypeInner::Struct { ref members, .. } if found.insert(ty) => {
                for member in members {
                    visit(module, member.ty, found);
                }
            }
            TypeInner::Array { base, .. } | TypeInner::BindingArray { base, .. } => {
                visit(module, base, found)
            }
            _ => {}
        }
    }
    let mut found = HashSet::new();
    for (_, global) in module.global_variables.iter() {
        if matches!(
            global.space,
            naga::AddressSpace::Uniform
                | naga::AddressSpace::Storage { .. }
                | naga::AddressSpace::Immediate
        ) {
            visit(module, global.ty, &mut found);
        }
    }
    found
}

/// The most bytes padded before a struct's first member, a word a line:
/// 64 KiB, all a uniform buffer holds in WebGPU. A struct whose first
/// member is further is refused, as WGSL cannot place it.
const MOST_PADDED_BYTES: u32 = 64 * 1024;

/// naga writes struct members without `@size` or `@align`, so a member
/// placed further than WGSL's default (after `@size`, `@align`, or by the
/// SPIR-V or GLSL it was read from) moves. The text is read back, and each
/// member whose successor (or whose struct's end) is not where the module
/// has it gets `@size` up to there.
pub(super) fn restore_struct_layouts(module: &Module, text: &str) -> Result<String, EmitError> {
    let structs = declared_structs(module);
    if structs.is_empty() {
        return Ok(text.to_string());
    }
    let read = read_back(text)?;
    let mut layouter = Layouter::default();
    layouter
        .update(read.to_ctx())
        .map_err(|e| backend_error(OutputFormat::Wgsl, e))?;
    let declarations = struct_declarations(text);
    if declarations.len() != structs.len() {
        return Err(backend_error(
            OutputFormat::Wgsl,
            "cannot find the struct declarations in the WGSL written",
        ));
    }
    let host_shared = host_shared_structs(module);
    // (line index of a member, size to give it)
    let mut sizes: Vec<(usize, u32)> = Vec::new();
    // (line index of a struct, its name, the names of the words before its
    // first member): WGSL places a struct's first member at offset 0, so a
    // block whose first member is further (`layout(offset = 12)`, a push
    // constant block sharing its range with another stage's) gets that
    // many `u32` members first.
    let mut pads: Vec<(usize, &str, Vec<String>)> = Vec::new();
    for (&original, &(line, name)) in structs.iter().zip(&declarations) {
        if !host_shared.contains(&original) {
            continue;
        }
        let TypeInner::Struct {
            members: ref wanted,
            span: wanted_span,
        } = module.types[original].inner
        else {
            unreachable!("declared_structs lists structs");
        };
        let Some(written) = find_struct(&read, name) else {
            return Err(backend_error(
                OutputFormat::Wgsl,
                format!("the WGSL written has no struct `{name}`"),
            ));
        };
        let TypeInner::Struct {
            members: ref have, ..
        } = read.types[written].inner
        else {
            unreachable!("find_struct finds structs");
        };
        if have.len() != wanted.len() {
            return Err(backend_error(
                OutputFormat::Wgsl,
                format!("struct `{name}` was written with other members"),
            ));
        }
        let first = wanted.first().map_or(0, |m| m.offset);
        if first > 0 && first % 4 == 0 && first <= MOST_PADDED_BYTES {
            let taken: HashSet<&str> = have.iter().filter_map(|m| m.name.as_deref()).collect();
            let mut names = Vec::new();
            let mut n = 0;
            while names.len() < (first / 4) as usize {
                let candidate = format!("_pad{n}");
                n += 1;
                if !taken.contains(candidate.as_str()) {
                    names.push(candidate);
                }
            }
            pads.push((line, name, names));
        }
        let struct_alignment = layouter[written].alignment;
        for (i, member) in have.iter().enumerate() {
            let layout = layouter[member.ty];
            if matches!(
                read.types[member.ty].inner,
                TypeInner::Array {
                    size: ArraySize::Dynamic,
                    ..
                }
            ) {
                continue;
            }
            let end = wanted[i].offset + layout.size;
            let (natural_next, wanted_next) = match wanted.get(i + 1) {
                Some(next) => (
                    layouter[have[i + 1].ty].alignment.round_up(end),
                    next.offset,
                ),
                None => (struct_alignment.round_up(end), wanted_span),
            };
            if natural_next != wanted_next {
                sizes.push((line + 1 + i, wanted_next - wanted[i].offset));
            }
        }
    }
    let padded: HashMap<&str, usize> = pads
        .iter()
        .map(|(_, name, words)| (*name, words.len()))
        .collect();
    if sizes.is_empty() && pads.is_empty() {
        check_layouts(module, &structs, &host_shared, &read, text, &padded)?;
        return Ok(text.to_string());
    }
    let mut out = String::with_capacity(text.len() + sizes.len() * 12);
    for (index, line) in text.split_inclusive('\n').enumerate() {
        match sizes.iter().find(|(l, _)| *l == index) {
            Some(&(_, size)) => {
                let body = line.trim_start();
                out.push_str(&line[..line.len() - body.len()]);
                out.push_str(&format!("@size({size}) "));
                out.push_str(body);
            }
            None => out.push_str(line),
        }
        if let Some((_, _, words)) = pads.iter().find(|(l, _, _)| *l == index) {
            for word in words {
                out.push_str(&format!("    {word}: u32,\n"));
            }
        }
    }
    let reread = read_back(&out)?;
    check_layouts(module, &structs, &host_shared, &reread, &out, &padded)?;
    Ok(out)
}

/// Reads written WGSL back, as shaderxform reads WGSL.
fn read_back(text: &str) -> Result<Module, EmitError> {
    crate::front::parse_wgsl(text).map_err(|d| {
        let why = d
            .first()
            .map_or_else(String::new, |d| format!(": {}", d.message));
        backend_error(
            OutputFormat::Wgsl,
            format!("naga cannot read back the WGSL it wrote{why}"),
        )
    })
}

/// `(line index, name)` of every `struct NAME {` line, in order.
fn struct_declarations(text: &str) -> Vec<(usize, &str)> {
    text.lines()
        .enumerate()
        .filter_map(|(i, line)| {
            let name = line.strip_prefix("struct ")?.strip_suffix(" {")?;
            Some((i, name))
        })
        .collect()
}

fn find_struct(module: &Module, name: &str) -> Option<Handle<Type>> {
    module.types.iter().find_map(|(h, ty)| {
        (matches!(ty.inner, TypeInner::Struct { .. }) && ty.name.as_deref() == Some(name))
            .then_some(h)
    })
}

/// Every struct of the text has the module's offsets, sizes and array
/// strides, nested types included.
fn check_layouts(
    module: &Module,
    structs: &[Handle<Type>],
    host_shared: &HashSet<Handle<Type>>,
    read: &Module,
    text: &str,
    padded: &HashMap<&str, usize>,
) -> Result<(), EmitError> {
    for (&original, (_, name)) in structs.iter().zip(struct_declarations(text)) {
        if !host_shared.contains(&original) {
            continue;
        }
        let written = find_struct(read, name).ok_or_else(|| {
            backend_error(
                OutputFormat::Wgsl,
                format!("the WGSL written has no struct `{name}`"),
            )
        })?;
        if !same_layout(module, original, read, written, padded) {
            // The buffer that holds it (read through glslang, a type has
            // no source line, a variable has), else its declaration.
            let holder = module
                .global_variables
                .iter()
                .find(|(_, g)| {
                    g.ty == original
                        || matches!(module.types[g.ty].inner, TypeInner::Array { base, .. } if base == original)
                })
                .map(|(h, _)| module.global_variables.get_span(h));
            let place = holder
                .filter(|s| s.is_defined())
                .or_else(|| Some(module.types.get_span(original)));
            return Err(EmitError::Unsupported(
                Diagnostic::error(format!(
                    "WGSL cannot hold the memory layout of struct `{name}`"
                ))
                .with_code(shaderxform_passes::codes::EMIT_WGSL_LAYOUT)
                .with_primary(
                    place.unwrap_or_default(),
                    format!("`{name}` is laid out here"),
                )
                .with_note(
                    "WGSL derives array strides and the offsets of members that follow a \
                     narrower one from the types; this layout (from SPIR-V or GLSL) differs",
                )
                .with_note("SPIR-V, HLSL, Metal and GLSL outputs keep it"),
            ));
        }
    }
    Ok(())
}

/// Whether `ta` of `a` and `tb` of `b` lay out alike, the words padded
/// before the first member of `b`'s structs (by name) aside.
fn same_layout(
    a: &Module,
    ta: Handle<Type>,
    b: &Module,
    tb: Handle<Type>,
    padded: &HashMap<&str, usize>,
) -> bool {
    match (&a.types[ta].inner, &b.types[tb].inner) {
        (
            TypeInner::Struct {
                members: ma,
                span: sa,
            },
            TypeInner::Struct {
                members: mb,
                span: sb,
            },
        ) => {
            let dynamic_tail = ma.last().is_some_and(|m| {
                matches!(
                    a.types[m.ty].inner,
                    TypeInner::Array {
                        size: ArraySize::Dynamic,
                        ..
                    }
                )
            });
            let pad = b.types[tb]
                .name
                .as_deref()
                .and_then(|n| padded.get(n))
                .copied()
                .unwrap_or(0);
            let mb = mb.get(pad..).unwrap_or_default();
            (sa == sb || dynamic_tail)
                && ma.len() == mb.len()
                && ma
                    .iter()
                    .zip(mb)
                    .all(|(x, y)| x.offset == y.offset && same_layout(a, x.ty, b, y.ty, padded))
        }
        (
            TypeInner::Array {
                base: ba,
                stride: sa,
                ..
            },
            TypeInner::Array {
                base: bb,
                stride: sb,
                ..
            },
        ) => sa == sb && same_layout(a, *ba, b, *bb, padded),
        _ => true,
    }
}
