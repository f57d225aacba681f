use std::num::NonZeroU32;

use naga::back::wgsl::{self, WriterFlags};
use naga::proc::Layouter;
use naga::valid::ModuleInfo;
use naga::{ArraySize, Handle, Module, Type, TypeInner};

use super::{backend_error, wgsl_module, EmitError, OutputFormat};
use crate::diagnostics::Diagnostic;

/// naga's WGSL, completed where Tint needs more than naga writes: the
/// `enable` directives, declarations of what naga names but WGSL
/// predeclares, element types of override-sized arrays, and the `@size`
/// attributes that keep struct layouts. The text is read back and its
/// struct layouts compared with the module's before it is returned.
pub fn write(module: &Module, info: &ModuleInfo) -> Result<String, EmitError> {
    let internal = |e: String| backend_error(OutputFormat::Wgsl, e);
    let prepared = wgsl_module::prepare(module, info).map_err(internal)?;
    let (module, info) = match &prepared {
        Some((m, i)) => (m, i),
        None => (module, info),
    };
    let text = write_override_sized_arrays(module, info)?;
    let mut missing = Vec::new();
    if uses_f16(module, info) && !text.lines().any(|l| l == "enable f16;") {
        missing.push("f16");
    }
    if shaderxform_passes::analysis::features::uses_subgroups(module) {
        missing.push("subgroups");
    }
    let text = add_enables(&text, &missing);
    let text = restore_struct_layouts(module, &text)?;
    Ok(text)
}

/// Whether an f16 appears anywhere, values included: naga writes
/// `enable f16;` only for the types the module declares, not for a value
/// such as `f16(x)` that is never stored.
pub fn uses_f16(module: &Module, info: &ModuleInfo) -> bool {
    let is_f16 = |inner: &TypeInner| {
        shaderxform_passes::ir::scalar_of(inner).is_some_and(|s| s == naga::Scalar::F16)
    };
    if module.types.iter().any(|(_, ty)| is_f16(&ty.inner)) {
        return true;
    }
    let functions = module.functions.iter().map(|(h, f)| (f, &info[h])).chain(
        module
            .entry_points
            .iter()
            .enumerate()
            .map(|(i, ep)| (&ep.function, info.get_entry_point(i))),
    );
    for (function, function_info) in functions {
        for (h, _) in function.expressions.iter() {
            if is_f16(function_info[h].ty.inner_with(&module.types)) {
                return true;
            }
        }
    }
    false
}

/// naga 30 writes an array sized by an override as `array<N>`, without its
/// element type. The module is written with a unique constant size in
/// place of each override, which is then replaced by the override's name.
fn write_override_sized_arrays(module: &Module, info: &ModuleInfo) -> Result<String, EmitError> {
    let write = |module: &Module| {
        wgsl::write_string(module, info, WriterFlags::empty())
            .map_err(|e| backend_error(OutputFormat::Wgsl, e))
    };
    let pending: Vec<(Handle<Type>, Handle<naga::Override>)> = module
        .types
        .iter()
        .filter_map(|(h, ty)| match ty.inner {
            TypeInner::Array {
                size: ArraySize::Pending(o),
                ..
            } => Some((h, o)),
            _ => None,
        })
        .collect();
    if pending.is_empty() {
        return write(module);
    }
    let used_sizes: Vec<u32> = module
        .types
        .iter()
        .filter_map(|(_, ty)| match ty.inner {
            TypeInner::Array {
                size: ArraySize::Constant(n),
                ..
            }
            | TypeInner::BindingArray {
                size: ArraySize::Constant(n),
                ..
            } => Some(n.get()),
            _ => None,
        })
        .collect();
    let mut sentinels = (1..u32::MAX)
        .rev()
        .filter(|n| !used_sizes.contains(n))
        .map(|n| NonZeroU32::new(n).expect("non-zero"));
    let mut stand_in = module.clone();
    let mut replacements = Vec::new();
    for (ty, o) in pending {
        let sentinel = sentinels.next().expect("enough unused sizes");
        let mut with_size = stand_in.types[ty].clone();
        if let TypeInner::Array { ref mut size, .. } = with_size.inner {
            *size = ArraySize::Constant(sentinel);
        }
        stand_in.types.replace(ty, with_size);
        replacements.push((sentinel, o));
    }
    let text = write(&stand_in)?;
    let names: Vec<String> = written_override_names(&text)
        .into_iter()
        .map(str::to_string)
        .collect();
    if names.len() != module.overrides.len() {
        return Err(backend_error(
            OutputFormat::Wgsl,
            "cannot find the override declarations in the WGSL written",
        ));
    }
    let mut text = text;
    for (sentinel, o) in replacements {
        text = text.replace(
            &format!(", {sentinel}>"),
            &format!(", {}>", names[o.index()]),
        );
    }
    Ok(text)
}

/// The names of the `override` declarations, in the order naga writes
/// them (the order of the module's overrides).
fn written_override_names(text: &str) -> Vec<&str> {
    text.lines()
        .filter_map(|line| {
            let line = match line.strip_prefix("@id(") {
                Some(rest) => rest.split_once(") ")?.1,
                None => line,
            };
            let rest = line.strip_prefix("override ")?;
            Some(rest.split_once(':')?.0.trim())
        })
        .collect()
}

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

/// naga writes struct members without `@size` or `@align`, so a member
/// placed further than WGSL's default (after `@size`, `@align`, or by the
/// SPIR-V or GLSL it was read from) moves. The text is read back, and each
/// member whose successor (or whose struct's end) is not where the module
/// has it gets `@size` up to there.
fn restore_struct_layouts(module: &Module, text: &str) -> Result<String, EmitError> {
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
    // (line index of a member, size to give it)
    let mut sizes: Vec<(usize, u32)> = Vec::new();
    for (&original, &(line, name)) in structs.iter().zip(&declarations) {
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
    if sizes.is_empty() {
        check_layouts(module, &structs, &read, text)?;
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
    }
    let reread = read_back(&out)?;
    check_layouts(module, &structs, &reread, &out)?;
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
    read: &Module,
    text: &str,
) -> Result<(), EmitError> {
    for (&original, (_, name)) in structs.iter().zip(struct_declarations(text)) {
        let written = find_struct(read, name).ok_or_else(|| {
            backend_error(
                OutputFormat::Wgsl,
                format!("the WGSL written has no struct `{name}`"),
            )
        })?;
        if !same_layout(module, original, read, written) {
            return Err(EmitError::Unsupported(
                Diagnostic::error(format!(
                    "WGSL cannot hold the memory layout of struct `{name}`"
                ))
                .with_code("emit::wgsl-layout")
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

fn same_layout(a: &Module, ta: Handle<Type>, b: &Module, tb: Handle<Type>) -> bool {
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
            (sa == sb || dynamic_tail)
                && ma.len() == mb.len()
                && ma
                    .iter()
                    .zip(mb)
                    .all(|(x, y)| x.offset == y.offset && same_layout(a, x.ty, b, y.ty))
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
        ) => sa == sb && same_layout(a, *ba, b, *bb),
        _ => true,
    }
}

/// Inserts `enable NAME;` for each missing extension after the directives
/// naga wrote, keeping them in one block at the top.
fn add_enables(text: &str, missing: &[&str]) -> String {
    if missing.is_empty() {
        return text.to_string();
    }
    let directives_end = text
        .split_inclusive('\n')
        .take_while(|line| line.starts_with("enable ") || line.starts_with("requires "))
        .map(str::len)
        .sum::<usize>();
    let mut out = String::with_capacity(text.len() + 32);
    out.push_str(&text[..directives_end]);
    for name in missing {
        out.push_str("enable ");
        out.push_str(name);
        out.push_str(";\n");
    }
    if directives_end == 0 {
        out.push('\n');
    }
    out.push_str(&text[directives_end..]);
    out
}

#[cfg(test)]
mod tests {
    use super::{add_enables, written_override_names};

    #[test]
    fn joins_the_directives_naga_wrote() {
        assert_eq!(
            add_enables("enable f16;\n\nfn f() {}\n", &["subgroups"]),
            "enable f16;\nenable subgroups;\n\nfn f() {}\n"
        );
    }

    #[test]
    fn opens_a_directive_block() {
        assert_eq!(
            add_enables("fn f() {}\n", &["subgroups"]),
            "enable subgroups;\n\nfn f() {}\n"
        );
    }

    #[test]
    fn finds_override_names_with_and_without_ids() {
        assert_eq!(
            written_override_names("override a: u32 = 1u;\n@id(3) override b_1: f32;\nfn f() {}\n"),
            ["a", "b_1"]
        );
    }
}
