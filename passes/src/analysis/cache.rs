//! Analyses of one module, computed on first use and kept until the
//! module changes.
//!
//! The pass manager keeps one [`Analyses`] for the whole run and lends it
//! to each pass through its `PassContext`: a pass that asks for the
//! uniformity of a module no earlier pass changed gets the one already
//! computed. After a pass changed the module, the manager clears every
//! analysis except one the pass handed over as that of the module it left
//! ([`Analyses::keep_uniformity`]); the run's outcome carries what is left,
//! so that the driver's own checks of the same module reuse it.

use std::sync::OnceLock;

use naga::Module;

use crate::analysis::uniformity::Uniformity;

/// The analyses of one module that have been asked for so far; empty
/// ([`Default`]) until a pass or the driver asks for one.
#[derive(Debug, Default)]
pub struct Analyses {
    uniformity: OnceLock<Uniformity>,
    /// The uniformity was handed over as that of the module as it is now,
    /// after the pass that is running changed it.
    handed_over: bool,
}

impl Analyses {
    /// The uniformity of `module`, which must be the module these analyses
    /// are of.
    pub fn uniformity(&self, module: &Module) -> &Uniformity {
        self.uniformity.get_or_init(|| Uniformity::analyze(module))
    }

    /// Takes the uniformity of `module` out of the cache (computing it if
    /// it was not), for a caller that needs it alongside a mutable borrow
    /// of what holds the cache; [`Analyses::restore_uniformity`] puts it
    /// back while the module is unchanged.
    pub fn take_uniformity(&mut self, module: &Module) -> Uniformity {
        self.uniformity
            .take()
            .unwrap_or_else(|| Uniformity::analyze(module))
    }

    /// Puts back what [`Analyses::take_uniformity`] took, the module
    /// unchanged since.
    pub fn restore_uniformity(&mut self, uniformity: Uniformity) {
        self.uniformity = OnceLock::from(uniformity);
    }

    /// Hands over `uniformity` as that of the module as the running pass
    /// leaves it: it survives [`Analyses::module_changed`] by the manager.
    /// The pass must not change the module after.
    pub fn keep_uniformity(&mut self, uniformity: Uniformity) {
        self.uniformity = OnceLock::from(uniformity);
        self.handed_over = true;
    }

    /// Whether the uniformity is computed (and would not be computed
    /// again).
    pub fn is_computed(&self) -> bool {
        self.uniformity.get().is_some()
    }

    /// Forgets every analysis: the module changed.
    pub fn invalidate(&mut self) {
        self.uniformity = OnceLock::new();
        self.handed_over = false;
    }

    /// The pass that just ran changed the module: every analysis goes,
    /// except those it handed over as of the module it left.
    pub fn module_changed(&mut self) {
        if !self.handed_over {
            self.uniformity = OnceLock::new();
        }
        self.handed_over = false;
    }

    /// A pass is about to run: nothing is handed over yet.
    pub(crate) fn begin_pass(&mut self) {
        self.handed_over = false;
    }
}
