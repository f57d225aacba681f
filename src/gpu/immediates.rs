//! Immediates (push constants, `var<immediate>`): laid out like a uniform
//! buffer, filled with seeded values (or the harness's, by the variable's
//! name) and set on the compute pass before the dispatch. wgpu offers them
//! on Vulkan (lavapipe included) through its IMMEDIATES feature; on an
//! adapter without it, a shader that uses them is refused by name.

use naga::{AddressSpace, Module, TypeInner};

use super::bindings::{self, BindingPlan};
use super::harness::Harness;
use super::reflect::{self, Binding, Space};
use super::{Error, Role};

/// Distinguishes the immediates' random stream from the buffer at 0:0.
const STREAM: u64 = 0x6D6D_6564_6961_7465;

/// The immediate variable the entry point uses, laid out as a buffer.
pub fn reflect(
    module: &Module,
    info: &naga::valid::ModuleInfo,
    ep_index: usize,
) -> Result<Option<Binding>, String> {
    let ep_info = info.get_entry_point(ep_index);
    let Some((handle, var)) = module
        .global_variables
        .iter()
        .find(|(h, v)| v.space == AddressSpace::Immediate && !ep_info[*h].is_empty())
    else {
        return Ok(None);
    };
    let name = var
        .name
        .clone()
        .unwrap_or_else(|| format!("global{}", handle.index()));
    let mut layouter = naga::proc::Layouter::default();
    layouter
        .update(module.to_ctx())
        .map_err(|e| format!("cannot lay out the types: {e}"))?;
    let ty = &module.types[var.ty];
    let mut binding = Binding {
        name: name.clone(),
        group: 0,
        binding: 0,
        space: Space::Uniform,
        type_name: ty.name.clone().unwrap_or_else(|| "immediate".into()),
        fixed_size: ty.inner.size(module.to_ctx()) as u64,
        alignment: (layouter[var.ty].alignment * 1u32) as u64,
        fixed: Vec::new(),
        runtime: None,
    };
    match &ty.inner {
        TypeInner::Struct { members, .. } => {
            for member in members {
                let member_name = member.name.clone().unwrap_or_default();
                reflect::walk(
                    module,
                    member.ty,
                    member.offset as u64,
                    &mut vec![member_name.clone()],
                    format!(".{member_name}"),
                    None,
                    &mut binding.fixed,
                )
                .map_err(|e| format!("`{name}`: {e}"))?;
            }
        }
        _ => reflect::walk(
            module,
            var.ty,
            0,
            &mut Vec::new(),
            String::new(),
            None,
            &mut binding.fixed,
        )
        .map_err(|e| format!("`{name}`: {e}"))?,
    }
    Ok(Some(binding))
}

/// The immediates of a dispatch: their plan (for the report) and bytes.
pub(super) struct Immediates {
    pub(super) plan: BindingPlan,
    pub(super) bytes: Vec<u8>,
}

impl Immediates {
    /// Their entry among a report's bindings: an input, nothing compared.
    pub(super) fn report(&self) -> super::report::BindingJson {
        let mut json = self.plan.compare(None, None);
        json.space = "immediate";
        json.label = format!("`{}` (var<immediate>)", json.name);
        json
    }
}

/// Pairs the two shaders' immediates and fills them; `None` when neither
/// has any.
pub(super) fn plan(
    reference: Option<Binding>,
    candidate: Option<Binding>,
    harness: &Harness,
    seed: u64,
    gpu: Option<(&wgpu::Features, &wgpu::Limits, &str)>,
    controlling: &[Vec<String>],
) -> Result<Option<Immediates>, Error> {
    let (reference, candidate) = match (reference, candidate) {
        (None, None) => return Ok(None),
        (Some(r), Some(c)) => (r, c),
        (r, c) => {
            let which = if r.is_some() {
                "reference"
            } else {
                "candidate"
            };
            return Err(Error::Input(format!(
                "only the {which} uses immediates (`{}`)",
                r.or(c).map(|b| b.name).unwrap_or_default()
            )));
        }
    };
    let mut pairs = bindings::pair_bindings(vec![reference], vec![candidate])?;
    let (reference, candidate) = pairs.remove(0);
    if let Some((features, limits, adapter)) = gpu {
        if !features.contains(wgpu::Features::IMMEDIATES) {
            return Err(Error::Input(format!(
                "`{}` is an immediate (push constant), and {adapter} offers none (wgpu's IMMEDIATES feature)",
                reference.name
            )));
        }
        let size = reference.byte_size(0);
        if size > limits.max_immediate_size as u64 {
            return Err(Error::Input(format!(
                "`{}` takes {size} bytes of immediates; {adapter} offers {}",
                reference.name, limits.max_immediate_size
            )));
        }
    }
    let rule = harness.binding.get(&reference.name);
    let plan = bindings::plan_binding(
        &reference,
        &candidate,
        rule,
        None,
        harness,
        None,
        controlling,
    )?;
    let logical = bindings::generate(&plan, seed ^ STREAM)?;
    let mut bytes = plan.write(&logical, Role::Reference);
    // Immediates are set in words of four bytes.
    bytes.resize(bytes.len().next_multiple_of(4), 0);
    Ok(Some(Immediates { plan, bytes }))
}
