//! Workgroup sizes set by overrides.
//!
//! naga 30's WGSL writer writes an entry point's `@workgroup_size` from
//! its fixed sizes alone, so `@workgroup_size(block_size)` comes out as
//! `@workgroup_size(1, 1, 1)` (the placeholder naga keeps where an
//! override decides): a shader that runs with one invocation per
//! workgroup. Each dimension an override-expression sets is written back
//! with that expression.

use naga::Module;

use super::wgsl::{declared_names, spell, Names};
use super::{backend_error, EmitError, OutputFormat};

impl Names {
    /// The names naga gave to the overrides and named constants of the
    /// module it wrote as `text`, in module order.
    pub(super) fn of(text: &str) -> Names {
        let names = |keyword| {
            declared_names(text, keyword)
                .into_iter()
                .map(|(_, n)| n.to_string())
                .collect()
        };
        Names {
            overrides: names("override "),
            constants: names("const "),
        }
    }
}

/// The text with every override-set workgroup size written.
pub fn write_override_sizes(module: &Module, text: &str) -> Result<String, EmitError> {
    if module
        .entry_points
        .iter()
        .all(|ep| ep.workgroup_size_overrides.is_none())
    {
        return Ok(text.to_string());
    }
    let names = Names::of(text);
    // naga writes the entry points last, in module order, each after a
    // line of its attributes: the n-th stage attribute line is the n-th
    // entry point's.
    let stage_lines: Vec<usize> = text
        .lines()
        .enumerate()
        .filter(|(_, line)| is_stage_attribute_line(line))
        .map(|(i, _)| i)
        .collect();
    if stage_lines.len() != module.entry_points.len() {
        return Err(backend_error(
            OutputFormat::Wgsl,
            "cannot find the entry point declarations in the WGSL written",
        ));
    }
    let mut replacements: Vec<(usize, String)> = Vec::new();
    for (entry_point, &line) in module.entry_points.iter().zip(&stage_lines) {
        let Some(overrides) = entry_point.workgroup_size_overrides else {
            continue;
        };
        let mut sizes = Vec::with_capacity(3);
        for (fixed, expression) in entry_point.workgroup_size.iter().zip(overrides) {
            sizes.push(match expression {
                Some(expression) => spell(module, &names, expression)?,
                None => format!("{fixed}"),
            });
        }
        replacements.push((line, format!("@workgroup_size({})", sizes.join(", "))));
    }
    let mut out = String::with_capacity(text.len() + 32);
    for (index, line) in text.split_inclusive('\n').enumerate() {
        match replacements.iter().find(|(l, _)| *l == index) {
            Some((_, sizes)) => {
                let start = line.find("@workgroup_size(").ok_or_else(|| {
                    backend_error(OutputFormat::Wgsl, "an entry point has no @workgroup_size")
                })?;
                let end = start
                    + line[start..].find(')').ok_or_else(|| {
                        backend_error(OutputFormat::Wgsl, "an unclosed @workgroup_size")
                    })?;
                out.push_str(&line[..start]);
                out.push_str(sizes);
                out.push_str(&line[end + 1..]);
            }
            None => out.push_str(line),
        }
    }
    Ok(out)
}

fn is_stage_attribute_line(line: &str) -> bool {
    ["@compute ", "@vertex ", "@fragment ", "@task ", "@mesh"]
        .iter()
        .any(|stage| line.starts_with(stage))
        || line.starts_with("@ray_generation ")
        || line.starts_with("@any_hit ")
        || line.starts_with("@closest_hit ")
        || line.starts_with("@miss ")
}
