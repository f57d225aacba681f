use std::num::NonZeroU32;

use naga::back::wgsl::{self, WriterFlags};
use naga::valid::ModuleInfo;
use naga::{ArraySize, Handle, Module, Type, TypeInner};
use shaderxform_passes::analysis::features;

use super::{backend_error, wgsl_filters, wgsl_module, EmitError, OutputFormat, WgslTarget};
use crate::diagnostics::Diagnostic;

/// naga's WGSL, completed where Tint needs more than naga writes: the
/// `enable` directives, declarations of what naga names but WGSL
/// predeclares, element types of override-sized arrays, the `@size`
/// attributes that keep struct layouts, and the diagnostic filters. The text is read back and its
/// struct layouts compared with the module's before it is returned.
/// For wgpu, `enable subgroups;` is left out: naga 30 refuses it.
pub fn write(module: &Module, info: &ModuleInfo, reader: WgslTarget) -> Result<String, EmitError> {
    let internal = |e: String| backend_error(OutputFormat::Wgsl, e);
    // Tint's limit on arrays in function, private and workgroup memory
    // (WGSL input was refused at the source already).
    if reader == WgslTarget::Tint {
        if let Some(oversized) = crate::front::wgsl_rules::oversized_array(module) {
            return Err(EmitError::Unsupported(
                oversized
                    .diagnostic()
                    .with_code(shaderxform_passes::codes::EMIT_UNSUPPORTED),
            ));
        }
    }
    // wgpu hands WGSL to naga's SPIR-V writer, which has no value for a
    // pointer into a composite passed to a function; Tint takes the text
    // as it is.
    let copied = match reader {
        WgslTarget::Wgpu => super::pointer_arguments::copied_through_temporaries(module)?,
        WgslTarget::Tint => None,
    };
    let (module, info) = match &copied {
        Some((m, i)) => (m, i),
        None => (module, info),
    };
    let prepared = wgsl_module::prepare(module, info).map_err(internal)?;
    let (module, info) = match &prepared {
        Some((m, i)) => (m, i),
        None => (module, info),
    };
    let text = write_with_stand_ins(module, info)?;
    let text = super::wgsl_static_uses::keep_static_uses(module, &text);
    let mut missing = Vec::new();
    if features::uses_f16(module, info) && !text.lines().any(|l| l == "enable f16;") {
        missing.push("f16");
    }
    if features::uses_subgroups(module) && reader == WgslTarget::Tint {
        missing.push("subgroups");
    }
    let text = add_enables(&text, &missing);
    let text = wgsl_filters::write_diagnostic_filters(module, &text).map_err(internal)?;
    let text = exact_float_literals(module, &text);
    let text = unsigned_attribute_values(&text);
    let text = super::wgsl_layout::restore_struct_layouts(module, &text)?;
    Ok(super::wgsl_entry_names::restore_entry_point_names(
        module, &text,
    ))
}

/// An f32 literal as WGSL reads back its exact bits, in Tint and in naga.
///
/// naga writes the shortest decimal that rounds to the value. Tint reads a
/// literal's decimal value exactly and refuses one beyond the largest f32,
/// so the shortest form of `f32::MAX` (`3.4028235e38`, a little above it)
/// is refused. The largest magnitudes and the subnormals, where decimal
/// forms are long and rounding is delicate, are written as hexadecimal
/// floats (`0xffffffp+104f`), which both read exactly.
pub fn f32_literal(value: f32) -> String {
    if needs_hex(value) {
        hex_f32(value)
    } else {
        format!("{value}f")
    }
}

fn needs_hex(value: f32) -> bool {
    let magnitude = value.abs();
    value.is_finite()
        && magnitude != 0.0
        && (magnitude < f32::MIN_POSITIVE || {
            // The shortest decimal lies beyond the value's own magnitude
            // range only for the largest finite value; compare exactly in
            // f64, where every f32 and its shortest decimal are held.
            let shortest: f64 = format!("{magnitude}").parse().unwrap_or(f64::INFINITY);
            shortest > f64::from(f32::MAX)
        })
}

/// `[-]0x<significand>p<exponent>f`, the integer significand and a binary
/// exponent: exact for every finite f32.
fn hex_f32(value: f32) -> String {
    let bits = value.to_bits();
    let sign = if bits >> 31 == 1 { "-" } else { "" };
    let biased = ((bits >> 23) & 0xff) as i32;
    let fraction = bits & 0x7f_ffff;
    let (significand, exponent) = if biased == 0 {
        (fraction, -149)
    } else {
        (fraction | 0x80_0000, biased - 150)
    };
    let shift = significand.trailing_zeros().min(31);
    let (significand, exponent) = (significand >> shift, exponent + shift as i32);
    format!("{sign}0x{significand:x}p{exponent:+}f")
}

/// Replaces naga's spelling of each f32 literal of the module that WGSL
/// readers do not read back exactly (see [`f32_literal`]). Each value has
/// one spelling, so every token of that spelling is that value.
fn exact_float_literals(module: &Module, text: &str) -> String {
    let mut values: Vec<f32> = Vec::new();
    let mut note = |expressions: &naga::Arena<naga::Expression>| {
        for (_, e) in expressions.iter() {
            if let naga::Expression::Literal(naga::Literal::F32(v)) = *e {
                if needs_hex(v) && !values.iter().any(|k| k.to_bits() == v.to_bits()) {
                    values.push(v);
                }
            }
        }
    };
    note(&module.global_expressions);
    for (_, function) in module.functions.iter() {
        note(&function.expressions);
    }
    for entry in &module.entry_points {
        note(&entry.function.expressions);
    }
    let mut text = text.to_string();
    for value in values {
        text = replace_token(&text, &format!("{value}f"), &hex_f32(value));
    }
    text
}

/// Attribute values above `i32::MAX` with a `u` suffix.
///
/// naga writes `@location(2147483648)`; a WGSL literal without a suffix is
/// an abstract integer that the attribute converts to `i32`, which Tint
/// refuses for such values ("cannot be represented as 'i32'"). With the
/// suffix it is the `u32` the module holds.
fn unsigned_attribute_values(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find('@') {
        out.push_str(&rest[..at]);
        rest = &rest[at..];
        let attribute = ["@location(", "@binding(", "@group(", "@blend_src("]
            .into_iter()
            .find(|a| rest.starts_with(a));
        let Some(attribute) = attribute else {
            out.push('@');
            rest = &rest[1..];
            continue;
        };
        let digits = rest[attribute.len()..]
            .find(|c: char| !c.is_ascii_digit())
            .map_or(rest.len() - attribute.len(), |n| n);
        let end = attribute.len() + digits;
        out.push_str(&rest[..end]);
        let beyond_i32 = rest[attribute.len()..end]
            .parse::<u64>()
            .is_ok_and(|v| v > i32::MAX as u64);
        if beyond_i32 && rest[end..].starts_with(')') {
            out.push('u');
        }
        rest = &rest[end..];
    }
    out.push_str(rest);
    out
}

/// Replaces each occurrence of `token` that is not part of a longer
/// number or name.
fn replace_token(text: &str, token: &str, with: &str) -> String {
    let part_of_word = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == '.';
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(token) {
        let before = rest[..at].chars().next_back().or(out.chars().next_back());
        let after = rest[at + token.len()..].chars().next();
        out.push_str(&rest[..at]);
        if before.is_some_and(part_of_word) || after.is_some_and(part_of_word) {
            out.push_str(token);
        } else {
            out.push_str(with);
        }
        rest = &rest[at + token.len()..];
    }
    out.push_str(rest);
    out
}

/// naga 30 writes an array sized by an override as `array<N>`, without its
/// element type, and panics on an override-expression (`2 * depth`) that
/// initialises an override or a private variable. naga is given a stand-in
/// module: each such array gets a unique constant size, each such
/// initialiser is left out; the text is then completed with the override's
/// name and the initialiser spelled here.
fn write_with_stand_ins(module: &Module, info: &ModuleInfo) -> Result<String, EmitError> {
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
    let unwritable_overrides: Vec<(usize, Handle<naga::Expression>)> = module
        .overrides
        .iter()
        .enumerate()
        .filter_map(|(i, (_, o))| Some((i, o.init?)))
        .filter(|&(_, init)| !naga_writes(module, init))
        .collect();
    let unwritable_globals: Vec<(usize, Handle<naga::Expression>)> = module
        .global_variables
        .iter()
        .enumerate()
        .filter_map(|(i, (_, g))| Some((i, g.init?)))
        .filter(|&(_, init)| !naga_writes(module, init))
        .collect();
    if pending.is_empty() && unwritable_overrides.is_empty() && unwritable_globals.is_empty() {
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
    let mut sizes = Vec::new();
    for (ty, o) in pending {
        let sentinel = sentinels.next().expect("enough unused sizes");
        let mut with_size = stand_in.types[ty].clone();
        if let TypeInner::Array { ref mut size, .. } = with_size.inner {
            *size = ArraySize::Constant(sentinel);
        }
        stand_in.types.replace(ty, with_size);
        sizes.push((sentinel, o));
    }
    for (_, o) in stand_in.overrides.iter_mut() {
        if o.init.is_some_and(|init| !naga_writes(module, init)) {
            o.init = None;
        }
    }
    for (_, g) in stand_in.global_variables.iter_mut() {
        if g.init.is_some_and(|init| !naga_writes(module, init)) {
            g.init = None;
        }
    }
    let text = write(&stand_in)?;
    let lost = |what: &str| {
        backend_error(
            OutputFormat::Wgsl,
            format!("cannot find the {what} declarations in the WGSL written"),
        )
    };
    let names = Names::of(&text);
    if names.overrides.len() != module.overrides.len()
        || names.constants.len()
            != module
                .constants
                .iter()
                .filter(|(_, c)| c.name.is_some())
                .count()
    {
        return Err(lost("override and constant"));
    }
    let override_lines: Vec<usize> = declared_names(&text, "override ")
        .into_iter()
        .map(|(l, _)| l)
        .collect();
    let global_lines = global_variable_lines(&text);
    if global_lines.len() != module.global_variables.len() {
        return Err(lost("global variable"));
    }
    let mut initialisers: Vec<(usize, String)> = Vec::new();
    for (index, init) in unwritable_overrides {
        initialisers.push((override_lines[index], spell(module, &names, init)?));
    }
    for (index, init) in unwritable_globals {
        initialisers.push((global_lines[index], spell(module, &names, init)?));
    }
    let mut out = String::with_capacity(text.len());
    for (index, line) in text.split_inclusive('\n').enumerate() {
        match initialisers.iter().find(|(l, _)| *l == index) {
            Some((_, init)) => {
                let semicolon = line.rfind(';').ok_or_else(|| lost("initialised"))?;
                out.push_str(&line[..semicolon]);
                out.push_str(" = ");
                out.push_str(init);
                out.push_str(&line[semicolon..]);
            }
            None => out.push_str(line),
        }
    }
    for (sentinel, o) in sizes {
        out = out.replace(
            &format!(", {sentinel}>"),
            &format!(", {}>", names.overrides[o.index()]),
        );
    }
    Ok(out)
}

/// Whether naga's writer can spell a global expression: it knows
/// literals, constants, overrides, zero values, composes and splats.
fn naga_writes(module: &Module, expression: Handle<naga::Expression>) -> bool {
    use naga::Expression as E;
    match module.global_expressions[expression] {
        E::Literal(_) | E::Constant(_) | E::Override(_) | E::ZeroValue(_) => true,
        E::Compose { ref components, .. } => components.iter().all(|&c| naga_writes(module, c)),
        E::Splat { value, .. } => naga_writes(module, value),
        _ => false,
    }
}

/// The names naga gave to overrides and named constants, in module order.
/// (Read from the text by `Names::of`, in `wgsl_workgroup_size`.)
pub(super) struct Names {
    pub(super) overrides: Vec<String>,
    pub(super) constants: Vec<String>,
}

/// Spells a module-scope override-expression that naga's writer cannot.
pub(super) fn spell(
    module: &Module,
    names: &Names,
    expression: Handle<naga::Expression>,
) -> Result<String, EmitError> {
    use naga::Expression as E;
    let spell = |e| spell(module, names, e);
    Ok(match module.global_expressions[expression] {
        E::Literal(literal) => match literal {
            naga::Literal::F32(v) if v.is_finite() => f32_literal(v),
            naga::Literal::F16(v) if v.is_finite() => format!("{v}h"),
            naga::Literal::U32(v) => format!("{v}u"),
            naga::Literal::I32(i32::MIN) => format!("i32({})", i32::MIN),
            naga::Literal::I32(v) => format!("{v}i"),
            naga::Literal::Bool(v) => format!("{v}"),
            _ => return Err(unspellable(literal)),
        },
        E::Override(o) => names.overrides[o.index()].clone(),
        E::Constant(c) => match module.constants[c].name {
            Some(_) => {
                let index = module
                    .constants
                    .iter()
                    .filter(|(_, k)| k.name.is_some())
                    .position(|(h, _)| h == c)
                    .expect("a named constant");
                names.constants[index].clone()
            }
            None => spell(module.constants[c].init)?,
        },
        E::Unary { op, expr } => {
            let op = match op {
                naga::UnaryOperator::Negate => "-",
                naga::UnaryOperator::LogicalNot => "!",
                naga::UnaryOperator::BitwiseNot => "~",
            };
            format!("{op}({})", spell(expr)?)
        }
        E::Binary { op, left, right } => format!(
            "({} {} {})",
            spell(left)?,
            naga::back::binary_operation_str(op),
            spell(right)?
        ),
        E::Select {
            condition,
            accept,
            reject,
        } => format!(
            "select({}, {}, {})",
            spell(reject)?,
            spell(accept)?,
            spell(condition)?
        ),
        E::As {
            expr,
            kind,
            convert,
        } => {
            let scalar = naga::Scalar {
                kind,
                width: convert.unwrap_or(4),
            };
            let name = scalar_name(scalar).ok_or_else(|| unspellable(kind))?;
            match convert {
                Some(_) => format!("{name}({})", spell(expr)?),
                None => format!("bitcast<{name}>({})", spell(expr)?),
            }
        }
        ref other => return Err(unspellable(other)),
    })
}

fn scalar_name(scalar: naga::Scalar) -> Option<&'static str> {
    Some(match scalar {
        naga::Scalar::F32 => "f32",
        naga::Scalar::F16 => "f16",
        naga::Scalar::I32 => "i32",
        naga::Scalar::U32 => "u32",
        naga::Scalar::BOOL => "bool",
        _ => return None,
    })
}

fn unspellable(what: impl std::fmt::Debug) -> EmitError {
    EmitError::Unsupported(
        Diagnostic::error(format!(
            "WGSL output cannot spell this module-scope initialiser: {what:?}"
        ))
        .with_code(shaderxform_passes::codes::EMIT_WGSL_INITIALISER),
    )
}

/// `(line index, name)` of each module-scope declaration that starts with
/// `keyword` (after an `@id(N)` attribute), in the order naga writes them.
pub(super) fn declared_names<'t>(text: &'t str, keyword: &str) -> Vec<(usize, &'t str)> {
    text.lines()
        .enumerate()
        .filter_map(|(i, line)| {
            let line = match line.strip_prefix("@id(") {
                Some(rest) => rest.split_once(") ")?.1,
                None => line,
            };
            let rest = line.strip_prefix(keyword)?;
            Some((i, rest.split_once(':')?.0.trim()))
        })
        .collect()
}

/// Line indices of the module-scope `var` declarations, in order.
fn global_variable_lines(text: &str) -> Vec<usize> {
    text.lines()
        .enumerate()
        .filter(|(_, line)| {
            let line = line
                .trim_start_matches("@coherent ")
                .trim_start_matches("@volatile ");
            line.starts_with("var<") || line.starts_with("var ")
        })
        .map(|(i, _)| i)
        .collect()
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
    use super::{
        add_enables, declared_names, f32_literal, replace_token, unsigned_attribute_values,
    };

    #[test]
    fn extreme_f32_literals_are_hexadecimal_and_exact() {
        for (value, spelled) in [
            (f32::MAX, "0xffffffp+104f"),
            (-f32::MAX, "-0xffffffp+104f"),
            (f32::from_bits(1), "0x1p-149f"),
            (f32::from_bits(0x7f_ffff), "0x7fffffp-149f"),
            (1.5, "1.5f"),
            (
                f32::MIN_POSITIVE,
                "0.000000000000000000000000000000000000011754944f",
            ),
            (0.1, "0.1f"),
        ] {
            assert_eq!(f32_literal(value), spelled);
        }
        // Just below the largest: its shortest decimal is below it too.
        let below = f32::from_bits(f32::MAX.to_bits() - 1);
        assert!(!f32_literal(below).starts_with("0x"));
    }

    #[test]
    fn attribute_values_beyond_i32_are_unsigned() {
        assert_eq!(
            unsigned_attribute_values(
                "struct In { @location(0) a: f32, @location(2147483648) b: f32 }\n@group(0) @binding(4294967295) var<uniform> u: f32;\nfn f() { let x = 2147483648u; }"
            ),
            "struct In { @location(0) a: f32, @location(2147483648u) b: f32 }\n@group(0) @binding(4294967295u) var<uniform> u: f32;\nfn f() { let x = 2147483648u; }"
        );
        assert_eq!(
            unsigned_attribute_values("@location(2147483647) @x"),
            "@location(2147483647) @x"
        );
    }

    #[test]
    fn only_whole_tokens_are_replaced() {
        assert_eq!(
            replace_token("(a - -0f), x_-0f, 1.-0f, -0f;", "-0f", "Z"),
            "(a - Z), x_-0f, 1.-0f, Z;"
        );
    }

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
            declared_names(
                "override a: u32 = 1u;\n@id(3) override b_1: f32;\nfn f() {}\n",
                "override "
            ),
            [(0, "a"), (1, "b_1")]
        );
    }
}
