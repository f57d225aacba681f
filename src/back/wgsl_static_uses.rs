//! Resources a function names without reading them keep their static use
//! in the WGSL written.
//!
//! A WGSL function that only names a resource, as in `_ = &buf;` or
//! `_ = tex;`, still uses it statically: the resource is part of every
//! entry point that reaches the function, and WebGPU's automatic pipeline
//! layouts (Tint's and wgpu's) include it. Samples do this on purpose so
//! that two entry points share one bind group layout. naga keeps the
//! global in the function's expressions, so its validator (and the
//! reflection) count the use, but its WGSL writer writes only expressions
//! that something reads: the phony assignment is dropped, and with it the
//! binding from the entry point's interface. This writes `_ = &NAME;`
//! (`_ = NAME;` for a texture or sampler) back at the top of each such
//! function.

use std::collections::HashSet;

use naga::{AddressSpace, Expression, Function, GlobalVariable, Handle, Module, TypeInner};

/// `text`, naga's WGSL for `module`, with a phony assignment for every
/// bound global that a function of `module` names but no written
/// expression reads. The text is returned as it is where its functions
/// cannot be matched with the module's; the check of what is written then
/// says what is missing.
pub(super) fn keep_static_uses(module: &Module, text: &str) -> String {
    let functions: Vec<&Function> = module
        .functions
        .iter()
        .map(|(_, f)| f)
        .chain(module.entry_points.iter().map(|ep| &ep.function))
        .collect();
    let missing: Vec<Vec<Handle<GlobalVariable>>> = functions
        .iter()
        .map(|f| unwritten_globals(module, f))
        .collect();
    if missing.iter().all(Vec::is_empty) {
        return text.to_string();
    }
    let lines: Vec<&str> = text.lines().collect();
    // naga writes every global, in arena order, then the functions and
    // then the entry points, each opening its body on the `fn` line.
    let global_names: Vec<&str> = lines.iter().filter_map(|l| global_name(l)).collect();
    let function_lines: Vec<usize> = (0..lines.len())
        .filter(|&i| lines[i].starts_with("fn ") && lines[i].trim_end().ends_with('{'))
        .collect();
    if global_names.len() != module.global_variables.len()
        || function_lines.len() != functions.len()
    {
        return text.to_string();
    }
    let mut inserted: Vec<(usize, String)> = Vec::new();
    for (globals, &line) in missing.iter().zip(&function_lines) {
        for &global in globals {
            let name = global_names[global.index()];
            inserted.push((line, phony(module, &module.global_variables[global], name)));
        }
    }
    let mut out = String::with_capacity(text.len() + inserted.len() * 24);
    for (i, line) in lines.iter().enumerate() {
        out.push_str(line);
        out.push('\n');
        for (_, phony) in inserted.iter().filter(|(at, _)| *at == i) {
            out.push_str("    ");
            out.push_str(phony);
            out.push('\n');
        }
    }
    if !text.ends_with('\n') {
        out.pop();
    }
    out
}

/// The bound globals `function` uses statically but that naga's writer
/// will not write: no statement, emitted named expression or operand of a
/// written expression names them.
fn unwritten_globals(module: &Module, function: &Function) -> Vec<Handle<GlobalVariable>> {
    let used = shaderxform_passes::ir::globals_named_by(function);
    if used.is_empty() {
        return Vec::new();
    }
    let written = written_expressions(function);
    used.into_iter()
        .filter(|&g| module.global_variables[g].binding.is_some())
        .filter(|&g| {
            !function.expressions.iter().any(|(h, e)| {
                matches!(*e, Expression::GlobalVariable(x) if x == g) && written.contains(&h)
            })
        })
        .collect()
}

/// The expressions the writer writes: those statements read and the named
/// ones it emits, and every operand of one of them. Where a statement's
/// operands are beyond the IR helpers, every expression counts as written.
fn written_expressions(function: &Function) -> HashSet<Handle<Expression>> {
    // A name on an expression that is never emitted (the global of
    // `_ = &buf;` has one) writes nothing.
    let mut roots: Vec<Handle<Expression>> = function
        .named_expressions
        .keys()
        .copied()
        .filter(|&h| !function.expressions[h].needs_pre_emit())
        .collect();
    let mut known = true;
    shaderxform_passes::ir::for_each_statement(&function.body, &mut |statement, _| {
        known &=
            shaderxform_passes::ir::visit_statement_operands(statement, |h| roots.push(h)).is_ok();
    });
    if !known {
        return function.expressions.iter().map(|(h, _)| h).collect();
    }
    let mut written = HashSet::new();
    while let Some(h) = roots.pop() {
        if written.insert(h) {
            shaderxform_passes::ir::visit_operands(&function.expressions[h], |operand| {
                roots.push(operand)
            });
        }
    }
    written
}

/// The name of the global a module-scope `var` line of naga's WGSL
/// declares.
fn global_name(line: &str) -> Option<&str> {
    let line = line
        .trim_start_matches("@coherent ")
        .trim_start_matches("@volatile ");
    let rest = line.strip_prefix("var")?;
    let rest = match rest.strip_prefix('<') {
        Some(spaced) => spaced.split_once('>')?.1,
        None => rest.strip_prefix(' ')?,
    };
    Some(rest.split_once(':')?.0.trim())
}

/// A statement that uses `global` statically and does nothing else.
fn phony(module: &Module, global: &GlobalVariable, name: &str) -> String {
    match (global.space, &module.types[global.ty].inner) {
        // A binding array is neither a pointer's store type WGSL may take
        // the address of nor a texture; its first element is.
        (AddressSpace::Handle, TypeInner::BindingArray { .. }) => format!("_ = {name}[0];"),
        (AddressSpace::Handle, _) => format!("_ = {name};"),
        _ => format!("_ = &{name};"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn global_names_of_every_declaration_form() {
        assert_eq!(global_name("var<storage> a: array<f32>;"), Some("a"));
        assert_eq!(
            global_name("var<storage, read_write> out_1: array<u32>;"),
            Some("out_1")
        );
        assert_eq!(global_name("var t: texture_2d<f32>;"), Some("t"));
        assert_eq!(
            global_name("@coherent var<storage, read_write> c: u32;"),
            Some("c")
        );
        assert_eq!(global_name("    var x: u32;"), None);
        assert_eq!(global_name("variable"), None);
    }
}
