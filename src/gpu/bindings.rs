//! The plan of each binding: the reference's and the candidate's bindings
//! paired by group and binding, what fills them (seeded values, harness
//! rules, the encoding `float-atomics` chose) and how their read-back
//! contents compare.

use std::collections::{BTreeMap, HashMap};

use super::compare::{self, Agreement, SumBound};
use super::harness::{Compare, Harness, Rule};
use super::reflect::{self, Binding, Leaf, Space};
use super::values::{self, Constant, Encoding, Fill, Kind, RandomSpec, Rng, Scalar};
use super::{BindingJson, Error, Mismatch, Role, DEFAULT_SIZE, MISMATCHES_LISTED};

/// Pairs the bindings of the two shaders; both must bind the same slots
/// with the same layout.
pub(super) fn pair_bindings(
    reference: Vec<Binding>,
    candidate: Vec<Binding>,
) -> Result<Vec<(Binding, Binding)>, Error> {
    let slots = |b: &[Binding]| b.iter().map(|b| (b.group, b.binding)).collect::<Vec<_>>();
    if slots(&reference) != slots(&candidate) {
        let list = |b: &[Binding]| {
            b.iter()
                .map(|b| format!("`{}` ({}:{})", b.name, b.group, b.binding))
                .collect::<Vec<_>>()
                .join(", ")
        };
        return Err(Error::Input(format!(
            "the reference and the candidate bind different buffers: the reference uses {}; the candidate uses {}",
            list(&reference),
            list(&candidate)
        )));
    }
    let mut pairs = Vec::new();
    for (r, mut c) in reference.into_iter().zip(candidate) {
        if holds_the_same_words(&r, &c) {
            // lane-transpose accesses an array of records as the words it
            // is made of: the bytes are the reference's.
            c = Binding {
                name: c.name,
                ..r.clone()
            };
        }
        let shape = |b: &Binding| {
            (
                b.space,
                b.fixed_size,
                b.fixed
                    .iter()
                    .map(|l| (l.offset, l.scalar.width))
                    .collect::<Vec<_>>(),
                b.runtime.as_ref().map(|r| {
                    (
                        r.offset,
                        r.stride,
                        r.leaves
                            .iter()
                            .map(|l| (l.offset, l.scalar.width))
                            .collect::<Vec<_>>(),
                    )
                }),
            )
        };
        if shape(&r) != shape(&c) {
            return Err(Error::Input(format!(
                "{}: the reference ({}, {}) and the candidate ({}, {}) lay it out differently; validate compares the buffers byte for byte",
                r.label(),
                r.space.name(),
                r.type_name,
                c.space.name(),
                c.type_name
            )));
        }
        pairs.push((r, c));
    }
    Ok(pairs)
}

/// Whether `candidate` is a runtime array of 32-bit words and `reference`
/// a runtime array of records of 32-bit words, packed, at the same offset.
fn holds_the_same_words(reference: &Binding, candidate: &Binding) -> bool {
    let (Some(r), Some(c)) = (&reference.runtime, &candidate.runtime) else {
        return false;
    };
    let words = |leaves: &[reflect::Leaf], stride: u64| {
        leaves.len() as u64 * 4 == stride
            && leaves
                .iter()
                .enumerate()
                .all(|(i, l)| l.offset == 4 * i as u64 && l.scalar.width == 4 && !l.atomic)
    };
    // Members before the array (a GLSL block's `uint count;`) stay as
    // they are.
    let same_fixed = reference.fixed.len() == candidate.fixed.len()
        && reference.fixed.iter().zip(&candidate.fixed).all(|(a, b)| {
            a.offset == b.offset && a.scalar == b.scalar && a.atomic == b.atomic && a.path == b.path
        });
    same_fixed
        && r.offset == c.offset
        && c.stride == 4
        && words(&c.leaves, c.stride)
        && r.stride > 4
        && r.stride % 4 == 0
        // The reference's records may hold padding (after a `vec3`): its
        // leaves are 32-bit words at word offsets, compared one by one.
        && r
            .leaves
            .iter()
            .all(|l| l.offset % 4 == 0 && l.offset < r.stride && l.scalar.width == 4 && !l.atomic)
}

/// A binding named by `name`, `GROUP:BINDING` or `BINDING` (group 0).
pub(super) fn find_binding(bindings: &[(&Binding, &Binding)], key: &str) -> Option<usize> {
    let slot = match key.split_once(':') {
        Some((g, b)) => g.trim().parse().ok().zip(b.trim().parse().ok()),
        None => key.trim().parse().ok().map(|b| (0u32, b)),
    };
    bindings
        .iter()
        .position(|(r, c)| r.name == key || c.name == key || slot == Some((r.group, r.binding)))
}

/// `(group, binding) -> how the candidate's atomics hold floats`, from
/// `float-atomics`' report.
pub(super) fn atomic_floats(
    passes: &[shaderxform_passes::PassReport],
) -> HashMap<(u32, u32), Encoding> {
    let mut out = HashMap::new();
    for change in passes.iter().flat_map(|p| p.changes.iter()) {
        if change.kind != "retype-atomic" {
            continue;
        }
        let d = &change.details;
        let slot = d
            .get("group")
            .and_then(|g| g.parse().ok())
            .zip(d.get("binding").and_then(|b| b.parse().ok()));
        let Some(slot) = slot else { continue };
        let encoded = d.get("memory_holds_float_bits").map(String::as_str) == Some("false");
        let fixed = d
            .get("fixed_point")
            .and_then(|f| shaderxform_host::FixedPoint::parse(f));
        let encoding = match fixed {
            Some(format) => Encoding::Fixed {
                format,
                float_width: if d.get("float").map(String::as_str) == Some("f64") {
                    8
                } else {
                    4
                },
            },
            None if encoded => Encoding::OrderedF32,
            None => Encoding::None,
        };
        out.insert(slot, encoding);
    }
    out
}

/// How one leaf is filled and compared.
#[derive(Clone, Debug)]
struct LeafPlan {
    /// The type of the values (the reference's, or what the harness or
    /// the candidate's encoding says).
    logical: Scalar,
    /// How the candidate holds it.
    encoding: Encoding,
    fill: Fill,
    /// Explicit values and the key of the rule they belong to.
    values: Option<(usize, Vec<Constant>)>,
    /// The key of the most specific rule, whose leaves `index` counts.
    scope: usize,
    random: RandomSpec,
    compare: Compare,
    tolerance: u32,
    /// Floats that are sums of terms added in an order the shaders choose.
    sum: Option<SumBound>,
    /// Where `sum` came from: the harness's `sum_terms`, or the dispatch.
    sum_terms_from_dispatch: bool,
    /// An integer seeded in `[0, SMALL_INPUT_MAX]`: it decides a loop's
    /// trip count or an index, and nothing says what to seed it with.
    small: bool,
}

/// The members of a shader's buffers and immediates whose integers decide
/// how long a loop runs or which element an index picks, as member paths
/// from the binding (arrays skipped, as harness `fields` name them).
#[derive(Default)]
pub(super) struct Controlling {
    buffers: HashMap<(u32, u32), Vec<Vec<String>>>,
    immediates: Vec<Vec<String>>,
}

impl Controlling {
    /// What decides loops and indices in `entry_points` of `module`.
    pub(super) fn of(module: &naga::Module, entry_points: &[usize]) -> Self {
        use shaderxform_passes::analysis::controlling_inputs::controlling_inputs;
        let mut controlling = Controlling::default();
        for &entry in entry_points {
            for input in controlling_inputs(module, entry) {
                let global = &module.global_variables[input.global];
                let path = member_path(module, global.ty, &input.steps);
                let paths = match global.binding {
                    Some(b) => controlling.buffers.entry((b.group, b.binding)).or_default(),
                    None => &mut controlling.immediates,
                };
                if !paths.contains(&path) {
                    paths.push(path);
                }
            }
        }
        controlling
    }

    pub(super) fn buffer(&self, group: u32, binding: u32) -> &[Vec<String>] {
        self.buffers
            .get(&(group, binding))
            .map_or(&[], Vec::as_slice)
    }

    pub(super) fn immediates(&self) -> &[Vec<String>] {
        &self.immediates
    }
}

/// The member names along `steps` from a value of type `ty`, arrays
/// skipped; ends where a step leaves the structs and arrays.
fn member_path(
    module: &naga::Module,
    ty: naga::Handle<naga::Type>,
    steps: &[Option<u32>],
) -> Vec<String> {
    let mut path = Vec::new();
    let mut ty = ty;
    for step in steps {
        match module.types[ty].inner {
            naga::TypeInner::Struct { ref members, .. } => {
                let Some(member) = step.and_then(|k| members.get(k as usize)) else {
                    break;
                };
                path.push(member.name.clone().unwrap_or_default());
                ty = member.ty;
            }
            naga::TypeInner::Array { base, .. } | naga::TypeInner::BindingArray { base, .. } => {
                ty = base
            }
            _ => break,
        }
    }
    path
}

/// The largest value seeded into an integer that decides how long a loop
/// runs or which element an index picks (see
/// `shaderxform_passes::analysis::controlling_inputs`): a loop of at most
/// 64 turns, an index into the first 64 elements.
pub const SMALL_INPUT_MAX: u32 = 63;

/// A leaf in the buffer: which template, and which runtime element.
struct Slot<'a> {
    leaf: &'a Leaf,
    plan: &'a LeafPlan,
    offset: u64,
    element: Option<u64>,
}

pub(super) struct BindingPlan {
    name: String,
    label: String,
    pub(super) group: u32,
    pub(super) binding: u32,
    pub(super) space: Space,
    type_name: String,
    encoding: Encoding,
    compare: Compare,
    /// Runtime-array elements.
    pub(super) elements: Option<u64>,
    bytes: u64,
    reference: Binding,
    fixed: Vec<LeafPlan>,
    runtime: Vec<LeafPlan>,
    /// The members seeded small, as `name.member` (see [`LeafPlan::small`]).
    small: Vec<String>,
}

pub(super) fn plan_binding(
    reference: &Binding,
    candidate: &Binding,
    rule: Option<&Rule>,
    size: Option<u64>,
    harness: &Harness,
    atomic_float: Option<&Encoding>,
    controlling: &[Vec<String>],
) -> Result<BindingPlan, Error> {
    let label = reference.label();
    let input = |m: String| Error::Input(format!("{label}: {m}"));
    let encoding = match rule.and_then(|r| r.encoding) {
        Some(e) => e,
        None => match atomic_float {
            // The ordered encoding of the candidate's atomic words.
            Some(&fixed @ Encoding::Fixed { .. }) => fixed,
            Some(Encoding::OrderedF32) => {
                let width = candidate
                    .fixed
                    .iter()
                    .chain(candidate.runtime.iter().flat_map(|r| r.leaves.iter()))
                    .find(|l| l.atomic)
                    .map_or(4, |l| l.scalar.width);
                if width == 8 {
                    Encoding::OrderedF64
                } else {
                    Encoding::OrderedF32
                }
            }
            _ => Encoding::None,
        },
    };
    let compare = rule.and_then(|r| r.compare).unwrap_or(Compare::Exact);
    if compare == Compare::Sorted && !reference.is_array() && reference.runtime.is_none() {
        return Err(input(
            "`compare = \"sorted\"` needs an array to sort".to_string(),
        ));
    }
    let elements = match (&reference.runtime, size) {
        (Some(r), n) => {
            let mut n = n.unwrap_or(DEFAULT_SIZE).max(1);
            // Storage bindings are a multiple of four bytes long.
            while (r.offset + n * r.stride) % 4 != 0 {
                n += 1;
            }
            Some(n)
        }
        (None, Some(_)) => {
            return Err(input(format!(
                "has a fixed size ({}), so it takes no size",
                reference.type_name
            )))
        }
        (None, None) => None,
    };
    if let Some(rule) = rule {
        check_fields(rule, reference, &label)?;
    }

    let plan_leaf = |r: &Leaf, c: &Leaf, prefix: &[String]| -> Result<LeafPlan, Error> {
        let mut chain: Vec<&Rule> = Vec::new();
        if let Some(rule) = rule {
            chain.push(rule);
            for name in prefix.iter().chain(r.path.iter()) {
                match chain.last().and_then(|r| r.fields.get(name)) {
                    Some(next) => chain.push(next),
                    None => break,
                }
            }
        }
        let last = |f: &dyn Fn(&Rule) -> bool| chain.iter().rev().find(|r| f(r)).copied();
        let where_ = format!("{}{}", reference.name, r.suffix);
        let leaf_error = |m: String| Error::Input(format!("{label}, {where_}: {m}"));
        let explicit = match last(&|r| r.ty.is_some()).and_then(|r| r.ty.as_deref()) {
            Some(name) => Some(Scalar::parse(name).ok_or_else(|| {
                leaf_error(format!(
                    "`type = \"{name}\"` is not a scalar type (f16, f32, f64, i32, u32, i64, u64)"
                ))
            })?),
            None => None,
        };
        let encoded = c.atomic && c.scalar.kind != Kind::Float && atomic_float.is_some();
        let leaf_encoding = if c.atomic && c.scalar.kind != Kind::Float {
            encoding
        } else {
            Encoding::None
        };
        let logical = explicit
            .or(leaf_encoding.logical())
            .or(encoded.then(|| Scalar::float(c.scalar.width)))
            .or((r.scalar.kind == Kind::Float).then_some(r.scalar))
            .or((c.scalar.kind == Kind::Float).then_some(c.scalar))
            .unwrap_or(r.scalar);
        if logical.width != r.scalar.width {
            return Err(leaf_error(format!(
                "{logical} values do not fit the {} the shaders hold",
                r.scalar
            )));
        }
        let fill = match last(&|r| r.fill.is_some()).and_then(|r| r.fill.as_ref()) {
            Some(v) => values::parse_fill(v).map_err(|e| leaf_error(format!("fill: {e}")))?,
            None => Fill::Random,
        };
        if let Fill::Constant(c) = fill {
            values::constant_bits(c, logical).map_err(|e| leaf_error(format!("fill: {e}")))?;
        }
        let values = match last(&|r| r.values.is_some()) {
            Some(rule) => {
                let constants = rule
                    .values
                    .iter()
                    .flatten()
                    .map(|v| {
                        let c = values::parse_constant(v)?;
                        values::constant_bits(c, logical)?;
                        Ok(c)
                    })
                    .collect::<Result<Vec<_>, String>>()
                    .map_err(|e| leaf_error(format!("values: {e}")))?;
                Some((rule as *const Rule as usize, constants))
            }
            None => None,
        };
        let compare = match last(&|r| r.compare.is_some()).and_then(|r| r.compare) {
            Some(Compare::Sorted) if chain.len() > 1 => {
                return Err(leaf_error(
                    "`compare = \"sorted\"` goes on the binding, not on a field".into(),
                ))
            }
            Some(Compare::Ignore) => Compare::Ignore,
            _ => Compare::Exact,
        };
        let range = last(&|r| r.range.is_some())
            .and_then(|r| r.range)
            .map(|[lo, hi]| (lo, hi));
        let full_path: Vec<&String> = prefix.iter().chain(r.path.iter()).collect();
        let small = range.is_none()
            && values.is_none()
            && fill == Fill::Random
            && logical.kind != Kind::Float
            && controlling.iter().any(|p| {
                full_path.len() >= p.len() && full_path.iter().zip(p).all(|(a, b)| *a == b)
            });
        let range = range.or(small.then_some((0.0, f64::from(SMALL_INPUT_MAX))));
        Ok(LeafPlan {
            logical,
            encoding: leaf_encoding,
            fill,
            values,
            scope: chain.last().map_or(0, |r| *r as *const Rule as usize),
            random: RandomSpec {
                allow_infinities: last(&|r| r.allow_infinities.is_some())
                    .and_then(|r| r.allow_infinities)
                    .unwrap_or(harness.allow_infinities),
                allow_nan: last(&|r| r.allow_nan.is_some())
                    .and_then(|r| r.allow_nan)
                    .unwrap_or(harness.allow_nan),
                range,
            },
            compare,
            tolerance: last(&|r| r.tolerance_ulps.is_some())
                .and_then(|r| r.tolerance_ulps)
                .or(harness.tolerance_ulps)
                .unwrap_or(0),
            sum: last(&|r| r.sum_terms.is_some())
                .and_then(|r| r.sum_terms)
                .map(|terms| SumBound {
                    terms,
                    magnitude: last(&|r| r.sum_magnitude.is_some()).and_then(|r| r.sum_magnitude),
                }),
            sum_terms_from_dispatch: false,
            small,
        })
    };
    let fixed = reference
        .fixed
        .iter()
        .zip(&candidate.fixed)
        .map(|(r, c)| plan_leaf(r, c, &[]))
        .collect::<Result<Vec<_>, _>>()?;
    let runtime = match (&reference.runtime, &candidate.runtime) {
        (Some(r), Some(c)) => r
            .leaves
            .iter()
            .zip(&c.leaves)
            .map(|(rl, cl)| plan_leaf(rl, cl, &r.path))
            .collect::<Result<Vec<_>, _>>()?,
        _ => Vec::new(),
    };
    let mut small: Vec<String> = Vec::new();
    let fixed_paths = reference.fixed.iter().map(|l| l.path.clone());
    let runtime_paths = reference.runtime.iter().flat_map(|r| {
        r.leaves
            .iter()
            .map(|l| r.path.iter().chain(&l.path).cloned().collect::<Vec<_>>())
    });
    for (path, plan) in fixed_paths
        .chain(runtime_paths)
        .zip(fixed.iter().chain(&runtime))
    {
        let name = std::iter::once(reference.name.clone())
            .chain(path)
            .filter(|part| !part.is_empty())
            .collect::<Vec<_>>()
            .join(".");
        if plan.small && !small.contains(&name) {
            small.push(name);
        }
    }
    Ok(BindingPlan {
        name: reference.name.clone(),
        label,
        group: reference.group,
        binding: reference.binding,
        space: reference.space,
        type_name: reference.type_name.clone(),
        encoding,
        compare,
        elements,
        bytes: reference.byte_size(elements.unwrap_or(0)),
        reference: reference.clone(),
        fixed,
        runtime,
        small,
    })
}

/// Every `fields` key of a rule names a member.
fn check_fields(rule: &Rule, binding: &Binding, label: &str) -> Result<(), Error> {
    let mut paths: Vec<Vec<String>> = binding.fixed.iter().map(|l| l.path.clone()).collect();
    if let Some(r) = &binding.runtime {
        for l in &r.leaves {
            paths.push(r.path.iter().chain(&l.path).cloned().collect());
        }
    }
    fn walk(
        rule: &Rule,
        prefix: &mut Vec<String>,
        paths: &[Vec<String>],
        label: &str,
    ) -> Result<(), Error> {
        for (name, nested) in &rule.fields {
            prefix.push(name.clone());
            if !paths.iter().any(|p| p.starts_with(prefix)) {
                return Err(Error::Input(format!(
                    "{label}: the harness names the field `{}`, which it does not have",
                    prefix.join(".")
                )));
            }
            walk(nested, prefix, paths, label)?;
            prefix.pop();
        }
        Ok(())
    }
    walk(rule, &mut Vec::new(), &paths, label)
}

impl BindingPlan {
    pub(super) fn read_back(&self) -> bool {
        self.space == (Space::Storage { writable: true })
    }

    /// Every leaf in buffer order.
    fn slots(&self) -> impl Iterator<Item = Slot<'_>> {
        let fixed = self
            .reference
            .fixed
            .iter()
            .zip(&self.fixed)
            .map(|(leaf, plan)| Slot {
                leaf,
                plan,
                offset: leaf.offset,
                element: leaf.element,
            });
        let runtime = self.reference.runtime.iter().flat_map(move |r| {
            (0..self.elements.unwrap_or(0)).flat_map(move |e| {
                r.leaves
                    .iter()
                    .zip(&self.runtime)
                    .map(move |(leaf, plan)| Slot {
                        leaf,
                        plan,
                        offset: r.offset + e * r.stride + leaf.offset,
                        element: Some(e),
                    })
            })
        });
        fixed.chain(runtime)
    }

    fn location(&self, slot: &Slot<'_>, sorted: Option<u64>) -> String {
        match &self.reference.runtime {
            Some(r) if slot.leaf.element.is_none() && slot.element.is_some() => {
                let index = match sorted {
                    Some(k) => format!("sorted {k}"),
                    None => slot.element.unwrap_or(0).to_string(),
                };
                format!("{}{}[{index}]{}", self.name, r.prefix, slot.leaf.suffix)
            }
            _ => match sorted {
                // A fixed array's elements: swap the index for the rank.
                Some(k) => {
                    let suffix = &slot.leaf.suffix;
                    let rest = suffix.find(']').map_or("", |i| &suffix[i + 1..]);
                    format!("{}[sorted {k}]{rest}", self.name)
                }
                None => format!("{}{}", self.name, slot.leaf.suffix),
            },
        }
    }

    /// Whether the candidate holds fixed-point sums in this binding.
    pub(super) fn holds_fixed_point(&self) -> bool {
        matches!(self.encoding, Encoding::Fixed { .. })
    }

    /// Gives the fixed-point sums whose harness names no `sum_terms` the
    /// bound of `invocations` terms: one add per invocation of the
    /// dispatch into each value.
    pub(super) fn bound_fixed_point_sums(&mut self, invocations: u64) {
        for leaf in self.fixed.iter_mut().chain(self.runtime.iter_mut()) {
            if matches!(leaf.encoding, Encoding::Fixed { .. }) && leaf.sum.is_none() {
                leaf.sum = Some(SumBound {
                    terms: invocations,
                    magnitude: None,
                });
                leaf.sum_terms_from_dispatch = true;
            }
        }
    }

    /// The bound a fixed-point binding's values were compared within, in
    /// words.
    fn fixed_point_bound(&self) -> Option<String> {
        let Encoding::Fixed { format, .. } = self.encoding else {
            return None;
        };
        let leaf = self
            .fixed
            .iter()
            .chain(&self.runtime)
            .find(|l| matches!(l.encoding, Encoding::Fixed { .. }))?;
        let sum = leaf.sum?;
        Some(format!(
            "fixed point {}: within n half steps (n x 2^-{}) of the reference, plus the reference's own float-sum bound, n = {} ({})",
            format.name(),
            format.fraction_bits() + 1,
            sum.terms,
            if leaf.sum_terms_from_dispatch {
                "one add per invocation of the dispatch; the harness's `sum_terms` gives it"
            } else {
                "the harness's sum_terms"
            }
        ))
    }

    /// The bytes of one shader's buffer holding `logical`.
    pub(super) fn write(&self, logical: &[u64], role: Role) -> Vec<u8> {
        let mut bytes = vec![0u8; self.bytes as usize];
        for (slot, &value) in self.slots().zip(logical) {
            let word = match role {
                Role::Candidate => slot.plan.encoding.encode(value),
                Role::Reference => value,
            };
            let width = slot.leaf.scalar.width as usize;
            let at = slot.offset as usize;
            bytes[at..at + width].copy_from_slice(&word.to_le_bytes()[..width]);
        }
        bytes
    }

    /// The values a shader's buffer holds.
    fn read(&self, bytes: &[u8], role: Role) -> Vec<u64> {
        self.slots()
            .map(|slot| {
                let width = slot.leaf.scalar.width as usize;
                let at = slot.offset as usize;
                let mut word = [0u8; 8];
                word[..width].copy_from_slice(&bytes[at..at + width]);
                let word = u64::from_le_bytes(word);
                match role {
                    Role::Candidate => slot.plan.encoding.decode(word),
                    Role::Reference => word,
                }
            })
            .collect()
    }

    /// The candidate's values against the reference's.
    pub(super) fn compare(
        &self,
        reference: Option<&[u8]>,
        candidate: Option<&[u8]>,
    ) -> BindingJson {
        self.compare_as(reference, candidate, Role::Candidate)
    }

    /// The values of `other`, which the shader of `other_role` wrote (in
    /// its encoding), against the reference's.
    pub(super) fn compare_as(
        &self,
        reference: Option<&[u8]>,
        other: Option<&[u8]>,
        other_role: Role,
    ) -> BindingJson {
        let candidate = other;
        let mut json = BindingJson {
            name: self.name.clone(),
            group: self.group,
            binding: self.binding,
            label: self.label.clone(),
            space: self.space.name(),
            type_name: self.type_name.clone(),
            bytes: self.bytes,
            elements: self.elements,
            encoding: self.encoding.name(),
            compare: self.compare.name(),
            read_back: self.read_back(),
            values_compared: 0,
            mismatches: 0,
            first_mismatches: Vec::new(),
            tolerance: self.fixed_point_bound(),
            seeded_small: self.small.clone(),
        };
        let (Some(reference), Some(candidate)) = (reference, candidate) else {
            return json;
        };
        if self.compare == Compare::Ignore {
            return json;
        }
        let expected = self.read(reference, Role::Reference);
        let got = self.read(candidate, other_role);
        let slots: Vec<Slot> = self.slots().collect();
        let check = |i: usize, j: usize, sorted: Option<u64>, json: &mut BindingJson| {
            let slot = &slots[i];
            let plan = slot.plan;
            if plan.compare == Compare::Ignore {
                return;
            }
            json.values_compared += 1;
            let agreement = match (plan.encoding, other_role) {
                (Encoding::Fixed { format, .. }, Role::Candidate) => {
                    compare::agree_as_fixed_sum(plan.logical, format, plan.sum, expected[i], got[j])
                }
                _ => compare::agree_as_sum(
                    plan.logical,
                    plan.tolerance,
                    plan.sum,
                    expected[i],
                    got[j],
                ),
            };
            if let Agreement::Differ { ulps } = agreement {
                json.mismatches += 1;
                if json.first_mismatches.len() < MISMATCHES_LISTED {
                    json.first_mismatches.push(Mismatch {
                        binding: self.name.clone(),
                        location: self.location(slot, sorted),
                        expected: values::format_value(plan.logical, expected[i]),
                        got: values::format_value(plan.logical, got[j]),
                        ulps,
                    });
                }
            }
        };
        if self.compare != Compare::Sorted {
            for i in 0..slots.len() {
                check(i, i, None, &mut json);
            }
            return json;
        }
        // Sorted: leaves outside the elements compare in place; the
        // elements are sorted on both sides and compared rank by rank.
        let mut elements: BTreeMap<u64, Vec<usize>> = BTreeMap::new();
        for (i, slot) in slots.iter().enumerate() {
            match slot.element {
                Some(e) => elements.entry(e).or_default().push(i),
                None => check(i, i, None, &mut json),
            }
        }
        let groups: Vec<Vec<usize>> = elements.into_values().collect();
        // Coarse keys of every leaf first, exact ones to break ties.
        let key = |values: &[u64], group: &[usize]| -> Vec<i128> {
            let keys: Vec<(i128, i128)> = group
                .iter()
                .filter(|&&i| slots[i].plan.compare != Compare::Ignore)
                .map(|&i| values::sort_key(slots[i].plan.logical, values[i]))
                .collect();
            keys.iter()
                .map(|k| k.0)
                .chain(keys.iter().map(|k| k.1))
                .collect()
        };
        let mut by_expected: Vec<&Vec<usize>> = groups.iter().collect();
        let mut by_got: Vec<&Vec<usize>> = groups.iter().collect();
        by_expected.sort_by_cached_key(|g| key(&expected, g));
        by_got.sort_by_cached_key(|g| key(&got, g));
        for (rank, (e, g)) in by_expected.iter().zip(&by_got).enumerate() {
            for (&i, &j) in e.iter().zip(g.iter()) {
                check(i, j, Some(rank as u64), &mut json);
            }
        }
        json
    }
}

/// The logical values of a binding's leaves, in buffer order.
pub(super) fn generate(plan: &BindingPlan, seed: u64) -> Result<Vec<u64>, Error> {
    let mut rng = Rng::stream(seed, ((plan.group as u64) << 32) | plan.binding as u64);
    let mut ordinals: HashMap<usize, u64> = HashMap::new();
    let mut value_ordinals: HashMap<usize, usize> = HashMap::new();
    let mut out = Vec::new();
    for slot in plan.slots() {
        let p = slot.plan;
        let ordinal = ordinals.entry(p.scope).or_insert(0);
        let index = *ordinal;
        *ordinal += 1;
        let explicit = p.values.as_ref().and_then(|(key, values)| {
            let k = value_ordinals.entry(*key).or_insert(0);
            let value = values.get(*k).copied();
            *k += 1;
            value
        });
        let bits = match (explicit, p.fill) {
            (Some(c), _) | (None, Fill::Constant(c)) => values::constant_bits(c, p.logical)
                .map_err(|e| Error::Input(format!("{}: {e}", plan.label)))?,
            (None, Fill::Index) => match p.logical.kind {
                Kind::Float => values::from_f64(p.logical, index as f64),
                _ => index & p.logical.mask(),
            },
            (None, Fill::Random) => values::random_bits(p.logical, &p.random, &mut rng),
        };
        out.push(bits);
    }
    Ok(out)
}
