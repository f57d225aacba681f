//! After naga has read a module whose legalisation called stand-in
//! functions (`spirv_legalize/stand_ins.rs`), and the calls have been
//! replaced by what they stand for: the functions go.

use naga::{Function, Handle, Module};

/// The stand-in function named `name`, as naga read it.
pub(super) fn stand_in_function<'m>(
    module: &'m Module,
    name: &str,
) -> Option<(Handle<Function>, &'m Function)> {
    module
        .functions
        .iter()
        .find(|(_, f)| f.name.as_deref() == Some(name))
}

/// Removes the functions named `names` from `module`; the name of the
/// first that is still called, where one is (a bug of the replacement).
pub(super) fn remove_stand_in_functions<'a>(
    module: &mut Module,
    names: impl IntoIterator<Item = &'a str>,
) -> Result<(), &'a str> {
    for name in names {
        if let Some((handle, _)) = stand_in_function(module, name) {
            if !shaderxform_passes::ir::remove_uncalled_function(module, handle) {
                return Err(name);
            }
        }
    }
    Ok(())
}
