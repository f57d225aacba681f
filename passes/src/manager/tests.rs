use super::*;
use crate::pass::{Change, PassContext};

const UNIFORM: &str = "@compute @workgroup_size(64)
fn main() { workgroupBarrier(); }";

const DIVERGENT: &str = "@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) i: u32) {
    if (i == 0u) { workgroupBarrier(); }
}";

/// Asks for the uniformity of the module it gets; with `breaks`, then
/// replaces the module by one with a divergent barrier and says so.
struct Analyse {
    breaks: bool,
}

impl Pass for Analyse {
    fn name(&self) -> &'static str {
        "analyse"
    }

    fn description(&self) -> &'static str {
        "test pass"
    }

    fn run(&self, module: &mut Module, cx: &mut PassContext<'_>) {
        let uniform = cx.analyses().uniformity(module).violations().is_empty();
        if self.breaks {
            assert!(uniform);
            *module = naga::front::wgsl::parse_str(DIVERGENT).unwrap();
            cx.record(Change::new("replace", naga::Span::UNDEFINED, "replaced"));
        }
    }
}

fn run(passes: Vec<Box<dyn Pass>>, source: &str) -> Result<RunOutcome, RunError> {
    let mut manager = PassManager::empty();
    for pass in passes {
        manager.register(pass);
    }
    let mut module = naga::front::wgsl::parse_str(source).unwrap();
    manager.run(
        &mut module,
        &PassSelection::All,
        &BTreeMap::new(),
        &Target::default(),
    )
}

/// The analysis a pass computed of the module it got is forgotten once it
/// changed the module: the final check sees the barrier it made divergent.
#[test]
fn an_analysis_does_not_outlive_a_change() {
    let result = run(vec![Box::new(Analyse { breaks: true })], UNIFORM);
    let Err(RunError::DivergentBarriers { diagnostics, .. }) = result else {
        panic!("the divergent barrier went unseen: {result:?}");
    };
    assert_eq!(diagnostics.len(), 1);
}

/// A pass that changes nothing leaves its analysis to the passes and
/// checks after it. (The final check computes none here: the module has
/// no barrier.)
#[test]
fn an_analysis_of_an_unchanged_module_is_handed_on() {
    let outcome = run(
        vec![Box::new(Analyse { breaks: false })],
        "@compute @workgroup_size(64) fn main() {}",
    )
    .expect("nothing to refuse");
    assert!(outcome.analyses.is_computed());
}
