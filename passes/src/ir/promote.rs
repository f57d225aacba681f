//! Locals that hold one value, replaced by that value.
//!
//! naga's SPIR-V reader keeps every GLSL variable a function-local `var`:
//! `uint i = gl_GlobalInvocationID.x;` is a store into `i`, and each use a
//! load of it. A local stored once, at the top level of the function and
//! before any load of it, holds the stored value wherever it is read; its
//! loads can be that value, the expression it was computed by.

use std::collections::{HashMap, HashSet};

use naga::{Expression, Function, Handle, LocalVariable, Statement};

use super::{substitute_uses, visit_operands, visit_statement_operands};
use crate::ir::child_blocks;

/// Replaces the loads of every local of `function` that is stored exactly
/// once, by a statement at the top level of the body that comes before
/// every load of it, and whose pointer is used for nothing but that store,
/// whole loads and loads of one member or component by a constant index
/// (no store into a member, no call, no atomic), with the stored value (or
/// its member), and removes the store. Returns the locals promoted.
pub fn promote_single_store_locals(
    function: &mut Function,
    constants: &IntegerConstants,
) -> Vec<Handle<LocalVariable>> {
    let mut promoted = Vec::new();
    let mut substitutions = HashMap::new();
    let mut stores_to_remove = HashSet::new();
    for (local, variable) in function.local_variables.iter() {
        if variable.init.is_some() {
            continue;
        }
        if let Some((store, value, loads)) = single_store(function, local, constants) {
            for load in loads {
                substitutions.insert(load, value);
            }
            stores_to_remove.insert(store);
            promoted.push(local);
        }
    }
    if promoted.is_empty() {
        return promoted;
    }
    // `gid.y` of `uvec3 id = gl_GlobalInvocationID;`: the load of a member
    // becomes the member of the value, in place (the value has a smaller
    // handle: `single_store` checked). Substitution below re-creates it
    // where the value is re-created.
    for (&load, &value) in &substitutions {
        if let Some(index) = member_load(&function.expressions, load, constants) {
            function.expressions[load] = Expression::AccessIndex { base: value, index };
        }
    }
    let substitutions: HashMap<_, _> = substitutions
        .into_iter()
        .filter(|&(load, _)| matches!(function.expressions[load], Expression::Load { .. }))
        .collect();
    // A stored value may be the load of another promoted local
    // (`j = i;`): it stands for what that local holds.
    let resolved: HashMap<_, _> = substitutions
        .iter()
        .map(|(&load, &value)| {
            let mut value = value;
            for _ in 0..substitutions.len() {
                match substitutions.get(&value) {
                    Some(&next) => value = next,
                    None => break,
                }
            }
            (load, value)
        })
        .collect();
    let substitutions = resolved;
    let original = function.clone();
    // The stores go first: substitution may split `Emit` statements and
    // move the indices.
    let body = std::mem::take(&mut function.body);
    let mut kept = naga::Block::with_capacity(body.len());
    for (index, (statement, span)) in body.span_into_iter().enumerate() {
        if !stores_to_remove.contains(&index) {
            kept.push(statement, span);
        }
    }
    function.body = kept;
    if substitute_uses(
        &mut function.expressions,
        &mut function.body,
        &substitutions,
    )
    .is_err()
    {
        // A statement whose operands cannot be visited: leave it all.
        *function = original;
        return Vec::new();
    }
    // The loads are used no more: evaluated, they would read a local that
    // is never stored.
    crate::ir::for_each_block_mut(&mut function.body, &mut |block| {
        let old = std::mem::take(block);
        for (statement, span) in old.span_into_iter() {
            match statement {
                Statement::Emit(range) => {
                    for kept in split_range(range, &|h| substitutions.contains_key(&h)) {
                        block.push(Statement::Emit(kept), span);
                    }
                }
                other => block.push(other, span),
            }
        }
    });
    promoted
}

/// The runs of `range` without the expressions `drop` accepts.
fn split_range(
    range: naga::Range<Expression>,
    drop: &impl Fn(Handle<Expression>) -> bool,
) -> Vec<naga::Range<Expression>> {
    let mut runs = Vec::new();
    let mut run: Option<(Handle<Expression>, Handle<Expression>)> = None;
    for h in range {
        if drop(h) {
            runs.extend(run.take());
        } else {
            run = Some(run.map_or((h, h), |(first, _)| (first, h)));
        }
    }
    runs.extend(run);
    runs.into_iter()
        .map(|(first, last)| naga::Range::new_from_bounds(first, last))
        .collect()
}

/// The top-level index of the one store into `local`, the value it
/// stores, and the loads of the local, if the local may be promoted.
fn single_store(
    function: &Function,
    local: Handle<LocalVariable>,
    constants: &IntegerConstants,
) -> Option<(usize, Handle<Expression>, Vec<Handle<Expression>>)> {
    let e = &function.expressions;
    let pointers: HashSet<_> = e
        .iter()
        .filter(|&(_, x)| matches!(*x, Expression::LocalVariable(l) if l == local))
        .map(|(h, _)| h)
        .collect();
    if pointers.is_empty() {
        return None;
    }
    // Pointers to a member or component by a constant index, each used by
    // loads only: each load is the member of the value.
    let members: HashSet<_> = e
        .iter()
        .filter(|&(h, x)| {
            let base = match *x {
                Expression::AccessIndex { base, .. } | Expression::Access { base, .. } => base,
                _ => return false,
            };
            pointers.contains(&base) && member_pointer_index(e, h, constants).is_some()
        })
        .map(|(h, _)| h)
        .collect();
    let mut loads = Vec::new();
    for (h, x) in e.iter() {
        if let Expression::Load { pointer } = *x {
            if pointers.contains(&pointer) || members.contains(&pointer) {
                loads.push(h);
                continue;
            }
        }
        if members.contains(&h) {
            continue;
        }
        let mut uses = false;
        visit_operands(x, |o| uses |= pointers.contains(&o) || members.contains(&o));
        if uses {
            // A member access by a computed index, or the pointer passed on.
            return None;
        }
    }
    let whole = pointers;
    let pointers: HashSet<_> = whole.union(&members).copied().collect();
    let load_set: HashSet<_> = loads.iter().copied().collect();
    // The one store: at the top level, and every statement that uses the
    // local's pointer otherwise is none.
    let mut store = None;
    for (index, statement) in function.body.iter().enumerate() {
        if let Statement::Store { pointer, value } = *statement {
            if members.contains(&pointer) {
                // A member stored: the local holds more than one value.
                return None;
            }
            if whole.contains(&pointer) {
                if store.is_some() {
                    return None;
                }
                store = Some((index, value));
            }
        }
    }
    let (store_index, value) = store?;
    if load_set.contains(&value) || pointers.contains(&value) {
        return None;
    }
    // A member load is rewritten in place into the member of the value,
    // which must come first in the arena.
    if loads
        .iter()
        .any(|&load| member_load(e, load, constants).is_some() && value >= load)
    {
        return None;
    }
    let mut ok = true;
    for (index, statement) in function.body.iter().enumerate() {
        visit(statement, &mut |s| {
            match *s {
                Statement::Store { pointer, value } => {
                    if pointers.contains(&value)
                        || (pointers.contains(&pointer) && index != store_index)
                    {
                        ok = false;
                    }
                }
                Statement::Emit(ref range) => {
                    // Every load is evaluated after the store.
                    if index <= store_index && range.clone().any(|h| load_set.contains(&h)) {
                        ok = false;
                    }
                }
                _ => {
                    let mut uses = false;
                    let known = visit_statement_operands(s, |o| uses |= pointers.contains(&o));
                    ok &= known.is_ok() && !uses;
                }
            }
        });
    }
    // A load never emitted is never read; one emitted only after the store
    // reads its value.
    ok.then_some((store_index, value, loads))
}

/// The module's constants that are non-negative 32-bit integers, by value.
#[derive(Debug, Default)]
pub struct IntegerConstants(HashMap<Handle<naga::Constant>, u32>);

impl IntegerConstants {
    /// The constants of `module` whose initialiser is a non-negative
    /// integer literal (`u32`, or `i32` and abstract integers at least 0).
    pub fn of(module: &naga::Module) -> Self {
        IntegerConstants(
            module
                .constants
                .iter()
                .filter_map(|(h, c)| match module.global_expressions[c.init] {
                    Expression::Literal(ref l) => literal_index(l).map(|v| (h, v)),
                    _ => None,
                })
                .collect(),
        )
    }

    /// The value of `constant`; `None` where it is not such a constant.
    pub fn get(&self, constant: Handle<naga::Constant>) -> Option<u32> {
        self.0.get(&constant).copied()
    }
}

/// A non-negative integer literal as `u32`.
pub fn literal_index(l: &naga::Literal) -> Option<u32> {
    match *l {
        naga::Literal::U32(v) => Some(v),
        naga::Literal::I32(v) => u32::try_from(v).ok(),
        naga::Literal::AbstractInt(v) => u32::try_from(v).ok(),
        _ => None,
    }
}

/// The constant member or component index of a pointer `AccessIndex`, or
/// of an `Access` by a literal or constant (glslang's `id[1u]`).
fn member_pointer_index(
    e: &naga::Arena<Expression>,
    pointer: Handle<Expression>,
    constants: &IntegerConstants,
) -> Option<u32> {
    match e[pointer] {
        Expression::AccessIndex { index, .. } => Some(index),
        Expression::Access { index, .. } => match e[index] {
            Expression::Literal(ref l) => literal_index(l),
            Expression::Constant(c) => constants.get(c),
            _ => None,
        },
        _ => None,
    }
}

/// The member index a load of one member of a local reads.
fn member_load(
    e: &naga::Arena<Expression>,
    load: Handle<Expression>,
    constants: &IntegerConstants,
) -> Option<u32> {
    match e[load] {
        Expression::Load { pointer } => member_pointer_index(e, pointer, constants),
        _ => None,
    }
}

/// Calls `f` on `statement` and every statement nested in it.
fn visit(statement: &Statement, f: &mut impl FnMut(&Statement)) {
    f(statement);
    for child in child_blocks(statement) {
        for s in child.iter() {
            visit(s, f);
        }
    }
}

#[cfg(test)]
mod tests {
    /// A local's value that reads another promoted local is re-created
    /// with the value of that one; the loads of the first must read the
    /// copy, not the original, which is left unemitted.
    #[test]
    fn a_value_made_from_another_promoted_local_is_read_as_its_copy() {
        let src = "struct P { pos: vec2f, vel: vec2f }
struct U { x: f32, y: f32 }
@group(0) @binding(0) var<storage, read> pin: array<P>;
@group(0) @binding(1) var<storage, read_write> pout: array<P>;
@group(0) @binding(2) var<uniform> ubo: U;
@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3u) {
    var index = gid.x;
    var vPos = pin[index].pos;
    var destPos = vec2(ubo.x, ubo.y);
    var delta = destPos - vPos;
    pout[index].pos = vPos;
    pout[index].vel = destPos;
}";
        let mut module = naga::front::wgsl::parse_str(src).unwrap();
        let f = &mut module.entry_points[0].function;
        let constants = super::IntegerConstants::default();
        assert_eq!(super::promote_single_store_locals(f, &constants).len(), 4);
        crate::ir::validate(&module).unwrap_or_else(|e| panic!("invalid after promoting: {e:?}"));
        struct Nothing;
        impl crate::ir::Rewrite for Nothing {}
        let f = &mut module.entry_points[0].function;
        crate::ir::rebuild_function(f, &mut Nothing).unwrap();
        crate::ir::validate(&module).unwrap_or_else(|e| panic!("invalid after rebuilding: {e:?}"));
    }

    fn promoted_wgsl(src: &str) -> (usize, String) {
        let mut module = naga::front::wgsl::parse_str(src).unwrap();
        let f = &mut module.entry_points[0].function;
        let constants = super::IntegerConstants::default();
        let promoted = super::promote_single_store_locals(f, &constants).len();
        let info = crate::ir::validate(&module)
            .unwrap_or_else(|e| panic!("invalid after promoting: {e:?}"));
        let wgsl =
            naga::back::wgsl::write_string(&module, &info, naga::back::wgsl::WriterFlags::empty())
                .unwrap();
        (promoted, wgsl)
    }

    /// `uvec3 id = gl_GlobalInvocationID; id.y * w + id.x`, as glslang
    /// writes it: the loads of components are those of the value.
    #[test]
    fn a_local_read_by_its_components_is_promoted() {
        let (promoted, wgsl) = promoted_wgsl(
            "@group(0) @binding(0) var<storage, read_write> out: array<u32>;
@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3u) {
    var id = gid;
    var x = id.x;
    let w = 256u;
    out[id[1] * w + x] = id.z;
}",
        );
        assert_eq!(promoted, 2, "{wgsl}");
        assert!(wgsl.contains("(gid.y * 256u)"), "{wgsl}");
        assert!(wgsl.contains(" + gid.x)] = gid.z;"), "{wgsl}");
    }

    #[test]
    fn a_local_with_a_member_stored_or_indexed_at_run_time_stays() {
        for body in [
            "var id = gid; id.y = 0u; out[id.y] = id.x;",
            "var id = gid; out[id[gid.x % 3u]] = id.x;",
            "var id: vec3u; id.y = gid.y; out[id.y] = 1u;",
        ] {
            let (promoted, wgsl) = promoted_wgsl(&format!(
                "@group(0) @binding(0) var<storage, read_write> out: array<u32>;
@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3u) {{ {body} }}"
            ));
            assert_eq!(promoted, 0, "{body}:\n{wgsl}");
        }
    }
}
