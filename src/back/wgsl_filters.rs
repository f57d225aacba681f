//! Diagnostic filters in the WGSL written.
//!
//! naga keeps a WGSL module's `diagnostic(...)` directives and its
//! functions' `@diagnostic(...)` attributes (as a tree of filters, each
//! function's chain ending in the module's), but its WGSL writer writes
//! none of them. A shader that turns a uniformity diagnostic off or into a
//! warning would come out as one that Tint rejects or warns about, so the
//! filters are written back: the module's as directives after the
//! `enable`s, each function's as attributes on its line. naga refuses
//! them on statements, so there are no others.

use naga::diagnostic_filter::{DiagnosticFilter, DiagnosticFilterNode, Severity};
use naga::{Arena, Handle, Module};

/// The text with the module's diagnostic filters written into it. `text`
/// is naga's WGSL of `module`: one line starting `fn ` per function, the
/// functions first and the entry points after, in module order.
pub fn write_diagnostic_filters(module: &Module, text: &str) -> Result<String, String> {
    let arena = &module.diagnostic_filters;
    let module_filters = chain(arena, module.diagnostic_filter_leaf, None);
    let function_filters: Vec<Vec<&DiagnosticFilter>> = module
        .functions
        .iter()
        .map(|(_, f)| f)
        .chain(module.entry_points.iter().map(|ep| &ep.function))
        .map(|f| {
            chain(
                arena,
                f.diagnostic_filter_leaf,
                module.diagnostic_filter_leaf,
            )
        })
        .collect();
    if module_filters.is_empty() && function_filters.iter().all(Vec::is_empty) {
        return Ok(text.to_string());
    }
    let function_lines: Vec<usize> = text
        .lines()
        .enumerate()
        .filter(|(_, line)| line.starts_with("fn "))
        .map(|(i, _)| i)
        .collect();
    if function_lines.len() != function_filters.len() {
        return Err("cannot find the function declarations in the WGSL written".into());
    }

    let mut out = String::with_capacity(text.len() + 64);
    let mut lines = text.split_inclusive('\n').enumerate().peekable();
    // The directive block naga wrote, then the module's filters.
    while let Some((_, line)) = lines.next_if(|(_, l)| is_directive(l)) {
        out.push_str(line);
    }
    for filter in &module_filters {
        out.push_str(&format!("diagnostic{};\n", arguments(filter)));
    }
    if !module_filters.is_empty() && !lines.peek().is_some_and(|(_, l)| l.trim().is_empty()) {
        out.push('\n');
    }
    for (index, line) in lines {
        if let Some(at) = function_lines.iter().position(|&l| l == index) {
            for filter in &function_filters[at] {
                out.push_str(&format!("@diagnostic{}\n", arguments(filter)));
            }
        }
        out.push_str(line);
    }
    Ok(out)
}

fn is_directive(line: &str) -> bool {
    ["enable ", "requires ", "diagnostic"]
        .iter()
        .any(|d| line.starts_with(d))
}

/// The filters from `leaf` up to (not including) `stop`, in the order
/// they were written: each node's parent was written before it.
fn chain(
    arena: &Arena<DiagnosticFilterNode>,
    leaf: Option<Handle<DiagnosticFilterNode>>,
    stop: Option<Handle<DiagnosticFilterNode>>,
) -> Vec<&DiagnosticFilter> {
    let mut filters = Vec::new();
    let mut next = leaf;
    while let Some(node) = next {
        if Some(node) == stop {
            break;
        }
        filters.push(&arena[node].inner);
        next = arena[node].parent;
    }
    filters.reverse();
    filters
}

/// `(severity, rule)`, as WGSL spells them.
fn arguments(filter: &DiagnosticFilter) -> String {
    let severity = match filter.new_severity {
        Severity::Off => "off",
        Severity::Info => "info",
        Severity::Warning => "warning",
        Severity::Error => "error",
    };
    format!(
        "({severity}, {})",
        filter.triggering_rule.display_wgsl_ident()
    )
}
