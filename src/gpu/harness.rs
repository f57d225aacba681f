//! Harness files (`NAME.harness.toml` beside a shader): what the inputs
//! are, how big, how many workgroups, and how results compare.
//!
//! ```toml
//! reference = "reference/bounds.reference.wgsl"  # relative to this file
//! seed = 1
//! dispatch = [16, 1, 1]
//! tolerance_ulps = 0
//! allow_infinities = false
//!
//! [binding.values]          # by name, `GROUP:BINDING` or `BINDING` (group 0)
//! size = 1000               # elements of the runtime array
//! fill = "random"           # random | index | a value: 1.5, "+inf", "-0", "0x7f800000", "max", ...
//!
//! [binding.bounds]
//! encoding = "ordered-f32"  # the candidate holds float-atomics' ordered words
//! fields.lo.fill = "+inf"
//! fields.hi.fill = "-inf"
//!
//! [binding.out]
//! compare = "sorted"        # exact (default) | ignore | sorted
//!
//! [overrides]               # pipeline-overridable constants, by name or @id
//! radius = 3
//!
//! [binding.image]           # a texture
//! format = "rgba16float"
//! size = [64, 32]           # width, height, layers or depth
//! mip_levels = 1
//!
//! [binding.smooth]          # a sampler
//! filter = "linear"
//! address_mode = "repeat"   # or one per axis: ["repeat", "clamp-to-edge"]
//! [binding.histogram]
//! sum_terms = 4096          # floats added into each value, in any order
//! sum_magnitude = 100.0     # bound on the terms' magnitudes summed (mixed signs)
//! ```

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::values::Encoding;

/// A shader's harness file, `NAME.harness.toml` beside it: its inputs,
/// sizes, dispatch and how results compare. A validation reads it itself
/// ([`ValidateOptions::harness`](super::ValidateOptions::harness) or
/// [`Harness::beside`]); its keys are described in the validation guide
/// (`docs/VALIDATION.md`).
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Harness {
    /// Free text for people. Never read: a field so that
    /// `deny_unknown_fields` accepts the key.
    #[allow(dead_code)]
    pub(crate) description: Option<String>,
    pub(crate) entry_point: Option<String>,
    /// The reference shader, relative to the harness file.
    pub(crate) reference: Option<String>,
    pub(crate) seed: Option<u64>,
    pub(crate) dispatch: Option<[u32; 3]>,
    /// ULPs a float result may differ by (0 unless given).
    pub(crate) tolerance_ulps: Option<u32>,
    #[serde(default)]
    pub(crate) allow_infinities: bool,
    #[serde(default)]
    pub(crate) allow_nan: bool,
    #[serde(default, alias = "bindings")]
    pub(crate) binding: BTreeMap<String, Rule>,
    /// Values of pipeline-overridable constants; `--override` wins.
    #[serde(default)]
    pub(crate) overrides: BTreeMap<String, f64>,
    /// Where the harness was read from, for relative paths.
    #[serde(skip)]
    pub(crate) path: Option<PathBuf>,
}

/// The inputs and the comparison of a binding or of a field of it; the
/// rules of a field override those of what holds it.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rule {
    /// Elements of the runtime array (binding level only), or a
    /// texture's extent.
    pub size: Option<Size>,
    pub fill: Option<toml::Value>,
    /// Explicit values of the leaves this rule covers, in order; the
    /// leaves after them are filled by `fill`.
    pub values: Option<Vec<toml::Value>>,
    /// Random values uniform in `[lo, hi]`.
    pub range: Option<[f64; 2]>,
    pub compare: Option<Compare>,
    /// How the candidate holds the values (binding level only; applies to
    /// its atomics): its buffer is written with the encoding of the
    /// reference's values and decoded when read back.
    #[serde(alias = "decode")]
    pub encoding: Option<Encoding>,
    /// The type the values are, where the shaders hold them in another
    /// type (e.g. f32 bits in an `atomic<u32>`): `f32`, `i32`, `u32`, ...
    #[serde(rename = "type")]
    pub ty: Option<String>,
    pub tolerance_ulps: Option<u32>,
    /// The most float terms added into one value: sums compare within
    /// what adding them in another order may change (see
    /// `compare::SumBound`).
    pub sum_terms: Option<u64>,
    /// A bound on the sum of the magnitudes of those terms, where they
    /// have both signs (by default the larger magnitude of the results).
    pub sum_magnitude: Option<f64>,
    pub allow_infinities: Option<bool>,
    pub allow_nan: Option<bool>,
    #[serde(default)]
    pub fields: BTreeMap<String, Rule>,

    // Textures (see `textures`).
    /// The texel format of a sampled texture (`rgba8unorm`, ...).
    pub format: Option<String>,
    pub mip_levels: Option<u32>,
    pub sample_count: Option<u32>,
    /// How far a float texel written after filtering may be from the
    /// reference's.
    pub tolerance_abs: Option<f64>,

    // Samplers (see `samplers`).
    pub address_mode: Option<toml::Value>,
    /// `mag_filter`, `min_filter` and `mipmap_filter` at once.
    pub filter: Option<String>,
    pub mag_filter: Option<String>,
    pub min_filter: Option<String>,
    pub mipmap_filter: Option<String>,
    pub compare_function: Option<String>,
    pub lod_clamp: Option<[f64; 2]>,
}

/// `size`: elements of a runtime array, or a texture's width, height and
/// layers (or depth).
#[derive(Clone, Debug, Deserialize)]
#[serde(untagged)]
pub enum Size {
    Elements(u64),
    Extent(Vec<u32>),
}

impl Size {
    /// The elements of a runtime array; `None` for an extent.
    pub fn elements(&self) -> Option<u64> {
        match self {
            Size::Elements(n) => Some(*n),
            Size::Extent(_) => None,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Compare {
    /// Value by value (floats within the tolerance).
    Exact,
    /// Not compared (results that depend on the order of invocations).
    Ignore,
    /// The elements of the array compared as multisets: sorted, then
    /// value by value.
    Sorted,
}

impl Compare {
    pub fn name(self) -> &'static str {
        match self {
            Compare::Exact => "exact",
            Compare::Ignore => "ignore",
            Compare::Sorted => "sorted",
        }
    }
}

impl Harness {
    pub(crate) fn load(path: &Path) -> Result<Harness, String> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read the harness {}: {e}", path.display()))?;
        let mut harness: Harness = toml::from_str(&text)
            .map_err(|e| format!("{}: {}", path.display(), e.to_string().trim_end()))?;
        for (name, rule) in &harness.binding {
            check_nested(rule, name)?;
        }
        harness.path = Some(path.to_path_buf());
        Ok(harness)
    }

    /// The harness beside a shader: `dir/NAME.harness.toml` for
    /// `dir/NAME.wgsl`.
    pub fn beside(shader: &Path) -> Option<PathBuf> {
        let stem = shader.file_stem()?.to_str()?;
        let path = shader.with_file_name(format!("{stem}.harness.toml"));
        path.is_file().then_some(path)
    }

    /// A path the harness names, relative to the harness file.
    pub(crate) fn resolve(&self, relative: &str) -> PathBuf {
        match self.path.as_ref().and_then(|p| p.parent()) {
            Some(dir) => dir.join(relative),
            None => PathBuf::from(relative),
        }
    }
}

/// `size` and `encoding` belong to bindings, not to their fields.
fn check_nested(rule: &Rule, name: &str) -> Result<(), String> {
    for (field, nested) in &rule.fields {
        let path = format!("{name}.{field}");
        if nested.size.is_some() || nested.encoding.is_some() {
            return Err(format!(
                "harness: `size` and `encoding` go on the binding, not on its field `{path}`"
            ));
        }
        check_nested(nested, &path)?;
    }
    Ok(())
}
