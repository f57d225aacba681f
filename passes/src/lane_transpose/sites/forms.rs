//! The forms of record index the pass expects to be consecutive across a
//! subgroup, and the classifier that finds them.
//!
//! An index is read as a sum of terms (through `+`, `-` and integer
//! conversions): exactly one term that steps by one from one invocation
//! of a row to the next (`global_invocation_id.x`, `local_invocation_id.x`
//! beside `workgroup_id.x * W`, or `local_invocation_index` beside
//! `workgroup_id.x * N` in a one-dimensional workgroup), and terms that
//! are the same in every invocation of a row of the workgroup: uniform
//! values, and sums and products of those with `global_invocation_id.y`
//! and `.z`, `local_invocation_id.y` and `.z`, and `workgroup_id`. A
//! subgroup within one row then holds consecutive records.

use naga::{
    BinaryOperator, Binding, BuiltIn, EntryPoint, Expression, Function, Handle, Module, ScalarKind,
    TypeInner,
};

use super::render::{render, render_named};
use super::Constants;
use crate::analysis::uniformity::FunctionUniformity;

/// The subgroup size `--passes all` expects: that of the adapter the cost
/// model was measured on. Workgroups whose rows are shorter than it put
/// invocations of several rows in one subgroup.
pub const EXPECTED_SUBGROUP_SIZE: u32 = 32;

/// How a record index is made from the invocation's ids.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IndexShape {
    /// `global_invocation_id.x`.
    GlobalX,
    /// `workgroup_id.x * W + local_invocation_id.x`, `W` the workgroup's
    /// x size: `global_invocation_id.x` by another name.
    WorkgroupLocalX,
    /// `workgroup_id.x * N + local_invocation_index`, a one-dimensional
    /// workgroup of `N` invocations.
    WorkgroupLinear,
    /// `global_invocation_id.y * width + global_invocation_id.x`, `width`
    /// uniform: a row-major 2D index.
    Rows,
    /// One of the above plus terms constant along a row of the workgroup
    /// (`(gid.z * H + gid.y) * W + gid.x`, a 3D grid linearised): what
    /// was seen is in [`IndexForm::seen`].
    Grid,
}

/// A record index the pass recognises: one whose values in a subgroup
/// are expected to be consecutive in lane order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IndexForm {
    pub shape: IndexShape,
    /// Whether a uniform offset is added (or subtracted).
    pub offset: bool,
    /// For [`IndexShape::Grid`], the index as written.
    pub seen: Option<String>,
}

impl IndexForm {
    pub fn describe(&self) -> String {
        let shape = match self.shape {
            IndexShape::GlobalX => "global_invocation_id.x",
            IndexShape::WorkgroupLocalX => "workgroup_id.x * W + local_invocation_id.x",
            IndexShape::WorkgroupLinear => "workgroup_id.x * N + local_invocation_index",
            IndexShape::Rows => "global_invocation_id.y * width + global_invocation_id.x",
            // The offsets are in what was seen.
            IndexShape::Grid => return self.seen.clone().unwrap_or_default(),
        };
        if self.offset {
            format!("{shape} + uniform offset")
        } else {
            shape.to_string()
        }
    }
}

/// The forms [`index_form`] accepts, for notes.
pub const ACCEPTED_FORMS: &str = "`global_invocation_id.x`, `workgroup_id.x * W + local_invocation_id.x` (W the workgroup's x size), or `workgroup_id.x * N + local_invocation_index` (a one-dimensional workgroup of N), each optionally plus or minus uniform offsets and terms the same along a row of the workgroup (sums and products of uniform values with `global_invocation_id.y` and `.z`, `local_invocation_id.y` and `.z` and `workgroup_id`: `global_invocation_id.y * width + global_invocation_id.x`, `(global_invocation_id.z * H + global_invocation_id.y) * W + global_invocation_id.x`)";

/// The entry point's workgroup size, by dimension, where it is a
/// compile-time constant (not an override).
pub fn workgroup_size(entry: &EntryPoint) -> [Option<u32>; 3] {
    let overridden = |d: usize| {
        entry
            .workgroup_size_overrides
            .is_some_and(|o| o[d].is_some())
    };
    std::array::from_fn(|d| (!overridden(d)).then_some(entry.workgroup_size[d]))
}

/// Whether every subgroup is known to hold invocations of one row of the
/// workgroup only, at the subgroup size `--passes all` expects: the
/// workgroup is one row, or its rows are a multiple of that size long.
/// Elsewhere a subgroup spans rows, and its record indices, of any form
/// but [`IndexShape::WorkgroupLinear`], jump between them.
pub fn subgroups_within_rows(entry: &EntryPoint) -> bool {
    match workgroup_size(entry) {
        [_, Some(1), Some(1)] => true,
        [Some(x), _, _] => x % EXPECTED_SUBGROUP_SIZE == 0,
        _ => false,
    }
}

/// Classifies the record index `i` of an access in `entry`: `None` for an
/// index the pass does not recognise. `uniformity` is the entry point's, of
/// the function as it is now.
pub fn index_form(
    module: &Module,
    entry: &EntryPoint,
    uniformity: &FunctionUniformity,
    i: Handle<Expression>,
) -> Option<IndexForm> {
    Classifier::new(module, entry, uniformity).form(i)
}

/// For an index [`index_form`] refuses that comes close to a form, what
/// keeps it from being one: `workgroup_id.x` times another size, say.
pub fn why_not_a_form(
    module: &Module,
    entry: &EntryPoint,
    uniformity: &FunctionUniformity,
    i: Handle<Expression>,
) -> Option<String> {
    let classifier = Classifier::new(module, entry, uniformity);
    match classifier.form(i) {
        Some(_) => None,
        None => classifier.near_miss.into_inner(),
    }
}

/// The record index `i` of `function` as the notes show it: the built-ins
/// by their WGSL names, conversions around the whole left out.
pub fn seen_index(module: &Module, function: &Function, i: Handle<Expression>) -> String {
    render(module, function, strip_integer_casts(function, i))
}

/// One term of an index read as a sum.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Term {
    /// `global_invocation_id.x`.
    GlobalX,
    /// `local_invocation_id.x`.
    LocalX,
    /// `local_invocation_index`.
    LocalIndex,
    /// `workgroup_id.x * factor`.
    WorkgroupX { factor: Handle<Expression> },
    /// A uniform value.
    Uniform,
    /// The same along a row of the workgroup, made with ids; `width` for
    /// `global_invocation_id.y * width`, `width` uniform.
    Row { y_times_width: bool },
    /// Anything else.
    Varying,
}

struct Classifier<'a> {
    module: &'a Module,
    function: &'a Function,
    workgroup_size: [Option<u32>; 3],
    uniformity: &'a FunctionUniformity,
    constants: Constants,
    /// What kept the index from being a form, where it came close.
    near_miss: std::cell::RefCell<Option<String>>,
}

/// `u32(x)` and `i32(x)` are `x` wherever the classifier reads an index:
/// see [`Classifier::through_casts`].
pub fn strip_integer_casts(function: &Function, mut h: Handle<Expression>) -> Handle<Expression> {
    while let Expression::As {
        expr,
        kind: ScalarKind::Uint | ScalarKind::Sint,
        convert: Some(4) | None,
    } = function.expressions[h]
    {
        h = expr;
    }
    h
}

impl<'a> Classifier<'a> {
    fn new(module: &'a Module, entry: &'a EntryPoint, uniformity: &'a FunctionUniformity) -> Self {
        Classifier {
            module,
            function: &entry.function,
            workgroup_size: workgroup_size(entry),
            uniformity,
            constants: Constants::of(module),
            near_miss: Default::default(),
        }
    }

    fn is_uniform(&self, h: Handle<Expression>) -> bool {
        self.uniformity.is_expression_uniform(h)
    }

    fn missed<T>(&self, why: impl Into<String>) -> Option<T> {
        *self.near_miss.borrow_mut() = Some(why.into());
        None
    }

    fn form(&self, i: Handle<Expression>) -> Option<IndexForm> {
        let mut terms = Vec::new();
        self.terms(i, false, &mut terms, 0);
        let terms: Vec<(Handle<Expression>, bool, Term)> = terms
            .into_iter()
            .map(|(h, negated)| (h, negated, self.term(h)))
            .collect();
        for &(h, _, term) in &terms {
            if term == Term::Varying {
                return self.varying(h);
            }
        }
        let is_x = |t: &Term| matches!(t, Term::GlobalX | Term::LocalX | Term::LocalIndex);
        let mut xs = terms.iter().filter(|(_, _, t)| is_x(t));
        let (&(_, negated, x), None) = (xs.next()?, xs.next()) else {
            return None;
        };
        if negated {
            return None;
        }
        let others: Vec<_> = terms.iter().filter(|(_, _, t)| !is_x(t)).collect();
        let offset = others.iter().any(|&&(_, _, t)| t == Term::Uniform);
        let workgroup_x: Vec<_> = others
            .iter()
            .filter_map(|&&(_, negated, t)| match t {
                Term::WorkgroupX { factor } => Some((factor, negated)),
                _ => None,
            })
            .collect();
        let rows: Vec<_> = others
            .iter()
            .filter_map(|&&(_, _, t)| match t {
                Term::Row { y_times_width } => Some(y_times_width),
                _ => None,
            })
            .collect();
        let plain = |shape| {
            Some(IndexForm {
                shape,
                offset,
                seen: None,
            })
        };
        let grid = || {
            Some(IndexForm {
                shape: IndexShape::Grid,
                offset,
                seen: Some(seen_index(self.module, self.function, i)),
            })
        };
        match x {
            Term::GlobalX => match (rows.as_slice(), workgroup_x.is_empty()) {
                ([], true) => plain(IndexShape::GlobalX),
                ([true], true) => plain(IndexShape::Rows),
                _ => grid(),
            },
            Term::LocalX | Term::LocalIndex => {
                let [(factor, false)] = workgroup_x.as_slice() else {
                    return None;
                };
                let [_, y, z] = self.workgroup_size;
                if x == Term::LocalIndex && (y != Some(1) || z != Some(1)) {
                    return self.missed(
                        "`local_invocation_index` counts the invocations of a workgroup of more than one row",
                    );
                }
                self.times_width(*factor)?;
                match (rows.is_empty(), x) {
                    (true, Term::LocalX) => plain(IndexShape::WorkgroupLocalX),
                    (true, _) => plain(IndexShape::WorkgroupLinear),
                    (false, _) => grid(),
                }
            }
            _ => unreachable!("an x term"),
        }
    }

    /// The terms of `h` read as a sum, each with whether it is subtracted.
    fn terms(
        &self,
        h: Handle<Expression>,
        negated: bool,
        out: &mut Vec<(Handle<Expression>, bool)>,
        depth: usize,
    ) {
        let h = self.through_casts(h);
        match self.function.expressions[h] {
            Expression::Binary {
                op: op @ (BinaryOperator::Add | BinaryOperator::Subtract),
                left,
                right,
            } if depth < 16 => {
                self.terms(left, negated, out, depth + 1);
                let right_negated = negated ^ (op == BinaryOperator::Subtract);
                self.terms(right, right_negated, out, depth + 1);
            }
            _ => out.push((h, negated)),
        }
    }

    fn term(&self, h: Handle<Expression>) -> Term {
        use BuiltIn as B;
        match self.builtin_component(h) {
            Some((B::GlobalInvocationId, 0)) => return Term::GlobalX,
            Some((B::LocalInvocationId, 0)) => return Term::LocalX,
            Some((B::LocalInvocationIndex, _)) => return Term::LocalIndex,
            _ => {}
        }
        if let Some(factor) = self.workgroup_x_times(h) {
            return Term::WorkgroupX { factor };
        }
        if self.is_uniform(h) {
            return Term::Uniform;
        }
        if self.same_along_a_row(h, 0) {
            return Term::Row {
                y_times_width: self.y_times_uniform(h),
            };
        }
        Term::Varying
    }

    /// The near miss for a term that may differ along a row.
    fn varying(&self, h: Handle<Expression>) -> Option<IndexForm> {
        if self.mentions_x(h, 0) {
            // Scaled, or mixed with other values: the note shows the index.
            return None;
        }
        let e = &self.function.expressions;
        if let Expression::Binary {
            op: BinaryOperator::Multiply,
            left,
            right,
        } = e[h]
        {
            let id = |h| self.builtin_component(h).is_some();
            if id(left) || id(right) {
                return self.missed("the row width may differ between invocations");
            }
        }
        self.missed(format!(
            "`{}` may differ between the invocations of a row of the workgroup",
            render_named(self.module, self.function, h)
        ))
    }

    /// `factor` of `workgroup_id.x * factor` (either way round).
    fn workgroup_x_times(&self, h: Handle<Expression>) -> Option<Handle<Expression>> {
        let Expression::Binary {
            op: BinaryOperator::Multiply,
            left,
            right,
        } = self.function.expressions[h]
        else {
            return None;
        };
        [(left, right), (right, left)]
            .into_iter()
            .find_map(|(id, factor)| {
                (self.builtin_component(id) == Some((BuiltIn::WorkGroupId, 0))).then_some(factor)
            })
    }

    /// Whether `factor` is the workgroup's x size; the near miss if not.
    fn times_width(&self, factor: Handle<Expression>) -> Option<()> {
        match (self.constant(factor), self.workgroup_size[0]) {
            (Some(c), Some(x)) if c == x => Some(()),
            (Some(c), Some(x)) => self.missed(format!(
                "`workgroup_id.x` is multiplied by {c}, not by the workgroup's x size, {x}"
            )),
            (None, Some(_)) => self.missed(
                "`workgroup_id.x` is multiplied by a value that is not a compile-time constant",
            ),
            (_, None) => {
                self.missed("the workgroup's x size is an override, not a compile-time constant")
            }
        }
    }

    /// Whether `h` has one value in all invocations of a row of the
    /// workgroup: made of uniform values and the ids other than `.x`
    /// (`workgroup_id.x` included, the same in a whole workgroup) by
    /// sums, differences, products and left shifts.
    fn same_along_a_row(&self, h: Handle<Expression>, depth: usize) -> bool {
        use BuiltIn as B;
        let h = self.through_casts(h);
        if self.is_uniform(h) {
            return true;
        }
        match self.builtin_component(h) {
            Some((B::GlobalInvocationId | B::LocalInvocationId, 1 | 2) | (B::WorkGroupId, _)) => {
                return true
            }
            Some(_) => return false,
            None => {}
        }
        match self.function.expressions[h] {
            Expression::Binary {
                op:
                    BinaryOperator::Add
                    | BinaryOperator::Subtract
                    | BinaryOperator::Multiply
                    | BinaryOperator::ShiftLeft,
                left,
                right,
            } if depth < 16 => {
                self.same_along_a_row(left, depth + 1) && self.same_along_a_row(right, depth + 1)
            }
            _ => false,
        }
    }

    /// `global_invocation_id.y * width`, `width` uniform (either way round).
    fn y_times_uniform(&self, h: Handle<Expression>) -> bool {
        let Expression::Binary {
            op: BinaryOperator::Multiply,
            left,
            right,
        } = self.function.expressions[h]
        else {
            return false;
        };
        [(left, right), (right, left)]
            .into_iter()
            .any(|(id, width)| {
                self.builtin_component(id) == Some((BuiltIn::GlobalInvocationId, 1))
                    && self.is_uniform(width)
            })
    }

    /// Whether `h` reads an id that differs along a row: `.x` of the global
    /// or local id, or the local index.
    fn mentions_x(&self, h: Handle<Expression>, depth: usize) -> bool {
        use BuiltIn as B;
        let h = self.through_casts(h);
        match self.builtin_component(h) {
            Some(
                (B::GlobalInvocationId | B::LocalInvocationId, 0) | (B::LocalInvocationIndex, _),
            ) => return true,
            Some(_) => return false,
            None => {}
        }
        match self.function.expressions[h] {
            Expression::Binary { left, right, .. } if depth < 16 => {
                self.mentions_x(left, depth + 1) || self.mentions_x(right, depth + 1)
            }
            _ => false,
        }
    }

    /// `u32(x)` and `i32(x)` are `x` wherever the index is classified: its
    /// leaves are ids and uniform values, 32-bit integers, and WGSL's
    /// arithmetic keeps the type of its operands. A conversion between
    /// `i32` and `u32` keeps the bits, and the record index of an access
    /// that reaches memory is below 2^29 (records are at least 8 bytes and
    /// a binding under 4 GiB), where the two types agree: the same
    /// invocations hold the same consecutive records whichever type the
    /// index has. The run-time check reads the index as `u32`, where a
    /// negative `i32` is past the end of any array, and fails.
    fn through_casts(&self, h: Handle<Expression>) -> Handle<Expression> {
        strip_integer_casts(self.function, h)
    }

    /// A compile-time constant: a literal or a `const`.
    fn constant(&self, h: Handle<Expression>) -> Option<u32> {
        self.constants
            .value(&self.function.expressions, self.through_casts(h))
    }

    /// The built-in an expression reads, with the component for a vector
    /// (0 for a scalar): `gid.x`, `ids.gid.x`, `local_invocation_index`.
    fn builtin_component(&self, h: Handle<Expression>) -> Option<(BuiltIn, u32)> {
        let e = &self.function.expressions;
        let h = self.through_casts(h);
        let builtin = |h: Handle<Expression>| -> Option<BuiltIn> {
            let binding = match e[h] {
                Expression::FunctionArgument(n) => {
                    self.function.arguments[n as usize].binding.as_ref()
                }
                Expression::AccessIndex { base, index } => match e[base] {
                    Expression::FunctionArgument(n) => {
                        match self.module.types[self.function.arguments[n as usize].ty].inner {
                            TypeInner::Struct { ref members, .. } => {
                                members.get(index as usize)?.binding.as_ref()
                            }
                            _ => None,
                        }
                    }
                    _ => None,
                },
                _ => None,
            };
            match binding {
                Some(&Binding::BuiltIn(b)) => Some(b),
                _ => None,
            }
        };
        // A component by a constant index, of the vector or of its integer
        // conversion (glslang's `int(gl_GlobalInvocationID.x)` converts the
        // whole vector, then takes `[0]`).
        let component = match e[h] {
            Expression::AccessIndex { base, index } => Some((base, index)),
            Expression::Access { base, index } => self.constant(index).map(|i| (base, i)),
            _ => None,
        };
        match component {
            Some((base, index)) => match builtin(strip_integer_casts(self.function, base)) {
                Some(
                    b @ (BuiltIn::GlobalInvocationId
                    | BuiltIn::WorkGroupId
                    | BuiltIn::LocalInvocationId),
                ) => Some((b, index)),
                _ => match builtin(h) {
                    Some(BuiltIn::LocalInvocationIndex) => Some((BuiltIn::LocalInvocationIndex, 0)),
                    _ => None,
                },
            },
            None => match builtin(h) {
                Some(BuiltIn::LocalInvocationIndex) => Some((BuiltIn::LocalInvocationIndex, 0)),
                _ => None,
            },
        }
    }
}
