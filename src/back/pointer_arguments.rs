//! Pointers into composites passed to functions (`f(&a[i].s)`), which
//! naga's SPIR-V writer has no value for: such arguments go through a
//! temporary of the pointee's type first. SPIR-V output needs it, and so
//! does WGSL written for wgpu, which hands the text to that same writer.

use naga::valid::ModuleInfo;
use naga::Module;

use super::EmitError;
use crate::diagnostics::{self, Diagnostic};

/// The module with every such argument copied through a temporary, and
/// validated again; `None` where it has none.
pub(super) fn copied_through_temporaries(
    module: &Module,
) -> Result<Option<(Module, ModuleInfo)>, EmitError> {
    if !shaderxform_passes::ir::has_element_pointer_arguments(module) {
        return Ok(None);
    }
    let mut rewritten = module.clone();
    shaderxform_passes::ir::copy_element_pointer_arguments(&mut rewritten);
    let info = shaderxform_passes::manager::validate(&rewritten).map_err(|e| {
        let d = diagnostics::from_spanned(&e, shaderxform_passes::codes::INTERNAL, false);
        EmitError::Backend(Diagnostic {
            message: format!(
                "internal error: passing pointer arguments through temporaries made the module invalid: {}",
                d.message
            ),
            ..d
        })
    })?;
    Ok(Some((rewritten, info)))
}
