//! The samplers `validate` binds: stated, deterministic modes, from the
//! harness or, without one, from a fixed cycle by the sampler's place
//! among the entry point's samplers, so that up to three samplers of one
//! shader never sample alike (a candidate that uses the wrong one is
//! caught).

use wgpu::{AddressMode, CompareFunction, FilterMode, MipmapFilterMode};

use super::harness::Rule;

/// Everything that decides what a sampler returns.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SamplerModes {
    pub address: [AddressMode; 3],
    pub mag: FilterMode,
    pub min: FilterMode,
    pub mipmap: MipmapFilterMode,
    pub compare: Option<CompareFunction>,
    pub lod_min: f32,
    pub lod_max: f32,
}

/// The modes of the `ordinal`-th filtering sampler (in group and binding
/// order) when no harness names them.
const CYCLE: [(FilterMode, MipmapFilterMode, AddressMode); 3] = [
    (
        FilterMode::Linear,
        MipmapFilterMode::Linear,
        AddressMode::ClampToEdge,
    ),
    (
        FilterMode::Nearest,
        MipmapFilterMode::Nearest,
        AddressMode::Repeat,
    ),
    (
        FilterMode::Linear,
        MipmapFilterMode::Nearest,
        AddressMode::MirrorRepeat,
    ),
];

/// The comparison of the `ordinal`-th comparison sampler.
const COMPARE_CYCLE: [CompareFunction; 3] = [
    CompareFunction::LessEqual,
    CompareFunction::Greater,
    CompareFunction::Less,
];

impl SamplerModes {
    /// The default modes. A sampler that reads a texture no filter may
    /// read (a depth texture through `textureSample*`, an unfilterable
    /// float format) filters nearest.
    pub fn default_for(ordinal: usize, comparison: bool, filterable: bool) -> Self {
        let (filter, mipmap, address) = CYCLE[ordinal % CYCLE.len()];
        let (filter, mipmap) = if comparison {
            (FilterMode::Linear, MipmapFilterMode::Nearest)
        } else if filterable {
            (filter, mipmap)
        } else {
            (FilterMode::Nearest, MipmapFilterMode::Nearest)
        };
        SamplerModes {
            address: [address; 3],
            mag: filter,
            min: filter,
            mipmap,
            compare: comparison.then(|| COMPARE_CYCLE[ordinal % COMPARE_CYCLE.len()]),
            lod_min: 0.0,
            lod_max: 32.0,
        }
    }

    /// The harness's modes over the defaults.
    pub fn with_rule(mut self, rule: &Rule, comparison: bool) -> Result<Self, String> {
        if let Some(v) = &rule.address_mode {
            let names: Vec<&str> = match v {
                toml::Value::String(s) => vec![s.as_str(); 3],
                toml::Value::Array(a) if (1..=3).contains(&a.len()) => {
                    let mut names = a
                        .iter()
                        .map(|x| x.as_str().ok_or("`address_mode` takes names"))
                        .collect::<Result<Vec<_>, _>>()?;
                    while names.len() < 3 {
                        names.push(names[names.len() - 1]);
                    }
                    names
                }
                _ => return Err("`address_mode` is a name or a list of up to three".into()),
            };
            for (slot, name) in self.address.iter_mut().zip(names) {
                *slot = address_mode(name)?;
            }
        }
        if let Some(name) = &rule.filter {
            let f = filter_mode(name)?;
            self.mag = f;
            self.min = f;
            self.mipmap = match f {
                FilterMode::Nearest => MipmapFilterMode::Nearest,
                FilterMode::Linear => MipmapFilterMode::Linear,
            };
        }
        if let Some(name) = &rule.mag_filter {
            self.mag = filter_mode(name)?;
        }
        if let Some(name) = &rule.min_filter {
            self.min = filter_mode(name)?;
        }
        if let Some(name) = &rule.mipmap_filter {
            self.mipmap = match filter_mode(name)? {
                FilterMode::Nearest => MipmapFilterMode::Nearest,
                FilterMode::Linear => MipmapFilterMode::Linear,
            };
        }
        if let Some(name) = &rule.compare_function {
            if !comparison {
                return Err(
                    "`compare_function` belongs to a `sampler_comparison`; this is a `sampler`"
                        .into(),
                );
            }
            self.compare = Some(compare_function(name)?);
        }
        if let Some([lo, hi]) = rule.lod_clamp {
            if !(0.0 <= lo && lo <= hi) {
                return Err(format!("`lod_clamp = [{lo}, {hi}]` needs 0 <= min <= max"));
            }
            self.lod_min = lo as f32;
            self.lod_max = hi as f32;
        }
        Ok(self)
    }

    pub fn filters(&self) -> bool {
        self.mag == FilterMode::Linear
            || self.min == FilterMode::Linear
            || self.mipmap == MipmapFilterMode::Linear
    }

    pub fn descriptor(&self) -> wgpu::SamplerDescriptor<'static> {
        wgpu::SamplerDescriptor {
            label: Some("shaderxform validate"),
            address_mode_u: self.address[0],
            address_mode_v: self.address[1],
            address_mode_w: self.address[2],
            mag_filter: self.mag,
            min_filter: self.min,
            mipmap_filter: self.mipmap,
            lod_min_clamp: self.lod_min,
            lod_max_clamp: self.lod_max,
            compare: self.compare,
            anisotropy_clamp: 1,
            border_color: None,
        }
    }

    pub fn binding_type(&self) -> wgpu::SamplerBindingType {
        if self.compare.is_some() {
            wgpu::SamplerBindingType::Comparison
        } else if self.filters() {
            wgpu::SamplerBindingType::Filtering
        } else {
            wgpu::SamplerBindingType::NonFiltering
        }
    }

    /// The modes as the harness spells them, for reports.
    pub fn describe(&self) -> String {
        let address: Vec<&str> = self.address.iter().map(|&a| address_name(a)).collect();
        let address = if address.iter().all(|a| *a == address[0]) {
            address[0].to_string()
        } else {
            address.join("/")
        };
        let filter = |f: FilterMode| match f {
            FilterMode::Nearest => "nearest",
            FilterMode::Linear => "linear",
        };
        let mipmap = match self.mipmap {
            MipmapFilterMode::Nearest => "nearest",
            MipmapFilterMode::Linear => "linear",
        };
        let mut out = format!(
            "mag {}, min {}, mipmap {mipmap}, address {address}",
            filter(self.mag),
            filter(self.min)
        );
        if let Some(c) = self.compare {
            out += &format!(", compare {}", compare_name(c));
        }
        if self.lod_min != 0.0 || self.lod_max != 32.0 {
            out += &format!(", lod {}..{}", self.lod_min, self.lod_max);
        }
        out
    }
}

const ADDRESS_MODES: [(&str, AddressMode); 3] = [
    ("clamp-to-edge", AddressMode::ClampToEdge),
    ("repeat", AddressMode::Repeat),
    ("mirror-repeat", AddressMode::MirrorRepeat),
];

const COMPARE_FUNCTIONS: [(&str, CompareFunction); 8] = [
    ("never", CompareFunction::Never),
    ("less", CompareFunction::Less),
    ("equal", CompareFunction::Equal),
    ("less-equal", CompareFunction::LessEqual),
    ("greater", CompareFunction::Greater),
    ("not-equal", CompareFunction::NotEqual),
    ("greater-equal", CompareFunction::GreaterEqual),
    ("always", CompareFunction::Always),
];

fn address_mode(name: &str) -> Result<AddressMode, String> {
    ADDRESS_MODES
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, m)| *m)
        .ok_or_else(|| {
            format!("`{name}` is not an address mode (clamp-to-edge, repeat, mirror-repeat)")
        })
}

fn address_name(mode: AddressMode) -> &'static str {
    ADDRESS_MODES
        .iter()
        .find(|(_, m)| *m == mode)
        .map_or("clamp-to-border", |(n, _)| n)
}

fn filter_mode(name: &str) -> Result<FilterMode, String> {
    match name {
        "nearest" => Ok(FilterMode::Nearest),
        "linear" => Ok(FilterMode::Linear),
        _ => Err(format!("`{name}` is not a filter (nearest, linear)")),
    }
}

fn compare_function(name: &str) -> Result<CompareFunction, String> {
    COMPARE_FUNCTIONS
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, f)| *f)
        .ok_or_else(|| {
            format!(
                "`{name}` is not a compare function ({})",
                COMPARE_FUNCTIONS.map(|(n, _)| n).join(", ")
            )
        })
}

fn compare_name(f: CompareFunction) -> &'static str {
    COMPARE_FUNCTIONS
        .iter()
        .find(|(_, g)| *g == f)
        .map_or("?", |(n, _)| n)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_samplers_differ_from_each_other() {
        let a = SamplerModes::default_for(0, false, true);
        let b = SamplerModes::default_for(1, false, true);
        assert_ne!(a, b);
        assert!(a.filters());
        assert_eq!(
            SamplerModes::default_for(0, false, false).binding_type(),
            wgpu::SamplerBindingType::NonFiltering
        );
        assert_eq!(
            SamplerModes::default_for(0, true, false).compare,
            Some(CompareFunction::LessEqual)
        );
    }

    #[test]
    fn harness_modes_override_the_defaults() {
        let rule: Rule = toml::from_str(
            "address_mode = [\"repeat\", \"clamp-to-edge\"]\nfilter = \"nearest\"\ncompare_function = \"greater\"",
        )
        .unwrap();
        let m = SamplerModes::default_for(0, true, true)
            .with_rule(&rule, true)
            .unwrap();
        assert_eq!(
            m.address,
            [
                AddressMode::Repeat,
                AddressMode::ClampToEdge,
                AddressMode::ClampToEdge
            ]
        );
        assert_eq!(m.mag, FilterMode::Nearest);
        assert_eq!(m.compare, Some(CompareFunction::Greater));
        assert!(SamplerModes::default_for(0, false, true)
            .with_rule(&rule, false)
            .is_err());
    }
}
