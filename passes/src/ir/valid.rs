//! Validation, as every stage of the pipeline does it: the passes, their
//! tests, the manager and the back ends all validate with the same rules.

use naga::valid::{Capabilities, ModuleInfo, ValidationError, ValidationFlags, Validator};
use naga::{Module, WithSpan};

/// The validator every stage of the pipeline uses: everything naga can
/// check, every capability naga knows. What the target supports is the
/// back end's concern.
pub fn validator() -> Validator {
    Validator::new(ValidationFlags::all(), Capabilities::all())
}

/// Validates `module` with [`validator`]: its info, which the back ends
/// need, or naga's error with the spans of the module.
pub fn validate(module: &Module) -> Result<ModuleInfo, Box<WithSpan<ValidationError>>> {
    validator().validate(module).map_err(Box::new)
}
