use naga::back::wgsl::{self, WriterFlags};
use naga::valid::ModuleInfo;
use naga::Module;

use super::{backend_error, EmitError, OutputFormat};

/// naga's WGSL, with the `enable` directives that Tint requires and naga
/// does not write.
pub fn write(module: &Module, info: &ModuleInfo) -> Result<String, EmitError> {
    let text = wgsl::write_string(module, info, WriterFlags::empty())
        .map_err(|e| backend_error(OutputFormat::Wgsl, e))?;
    let mut missing = Vec::new();
    if shaderxform_passes::analysis::features::uses_subgroups(module) {
        missing.push("subgroups");
    }
    Ok(add_enables(&text, &missing))
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
    use super::add_enables;

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
}
