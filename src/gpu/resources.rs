//! Everything but buffers that a dispatch binds, for [`super::setup`]:
//! textures and samplers ([`super::textures`]) and immediates
//! ([`super::immediates`]), reflected from both shaders and planned once
//! for both.

use super::device::Gpu;
use super::harness::Harness;
use super::immediates::{self, Immediates};
use super::reflect::Binding;
use super::setup::Prepared;
use super::textures::{self, Handles, ResourcePlan};
use super::{Error, Role};

/// What the two shaders bind besides buffers, before it is planned.
pub(super) struct Reflected {
    reference: Handles,
    candidate: Handles,
    reference_immediates: Option<Binding>,
    candidate_immediates: Option<Binding>,
}

/// The textures, samplers and immediates of a dispatch.
#[derive(Default)]
pub(super) struct Resources {
    pub(super) textures: Vec<ResourcePlan>,
    pub(super) immediates: Option<Immediates>,
}

impl Resources {
    pub(super) fn immediate_bytes(&self) -> &[u8] {
        self.immediates.as_ref().map_or(&[], |i| &i.bytes)
    }

    /// Whether the shaders write a storage texture.
    pub(super) fn read_back(&self) -> bool {
        self.textures.iter().any(|r| r.read_back)
    }
}

pub(super) fn reflect(reference: &Prepared, candidate: &Prepared) -> Result<Reflected, Error> {
    let of = |p: &Prepared, role: Role| -> Result<_, Error> {
        let (module, info) = (&p.compiled.transformed.module, &p.compiled.transformed.info);
        let input = |e: String| Error::Input(format!("the {}: {e}", role.name()));
        Ok((
            textures::reflect(module, info, p.ep_index).map_err(input)?,
            immediates::reflect(module, info, p.ep_index).map_err(input)?,
        ))
    };
    let (reference, reference_immediates) = of(reference, Role::Reference)?;
    let (candidate, candidate_immediates) = of(candidate, Role::Candidate)?;
    Ok(Reflected {
        reference,
        candidate,
        reference_immediates,
        candidate_immediates,
    })
}

impl Reflected {
    /// Whether a harness key (`name`, `GROUP:BINDING` or `BINDING`) names
    /// one of these textures or samplers, or the immediates.
    pub(super) fn names(&self, key: &str) -> bool {
        let slot = match key.split_once(':') {
            Some((g, n)) => g.trim().parse().ok().zip(n.trim().parse().ok()),
            None => key.trim().parse().ok().map(|n| (0u32, n)),
        };
        self.reference
            .0
            .iter()
            .any(|b| b.name == key || slot == Some((b.group, b.binding)))
            || self
                .reference_immediates
                .as_ref()
                .is_some_and(|b| b.name == key)
    }

    /// `name (GROUP:BINDING)` of each texture and sampler, for messages.
    pub(super) fn listed(&self) -> impl Iterator<Item = String> + '_ {
        self.reference
            .0
            .iter()
            .map(|h| format!("`{}` ({}:{})", h.name, h.group, h.binding))
    }

    pub(super) fn plan(
        self,
        harness: &Harness,
        seed: u64,
        gpu: Option<&Gpu>,
        controlling_immediates: &[Vec<String>],
    ) -> Result<Resources, Error> {
        let features = gpu.map_or(wgpu::Features::empty(), |g| g.features);
        let textures = textures::plan(self.reference, self.candidate, harness, seed, features)?;
        let limits = gpu.map(|g| g.limits());
        let immediates = immediates::plan(
            self.reference_immediates,
            self.candidate_immediates,
            harness,
            seed,
            gpu.zip(limits.as_ref())
                .map(|(g, l)| (&g.features, l, g.adapter.name.as_str())),
            controlling_immediates,
        )?;
        Ok(Resources {
            textures,
            immediates,
        })
    }
}
