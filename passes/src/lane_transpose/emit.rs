//! Emitting the transposed accesses: the subgroup built-ins the shuffles
//! need, and the rewrite of each load and store group into shuffles of
//! whole words.

use std::collections::HashMap;

use naga::{
    BinaryOperator, Binding, BuiltIn, Expression, FunctionArgument, Handle, Module, Scalar,
    Statement, SubgroupOperation, Type, TypeInner,
};

use crate::ir::{ensure_type, BlockBuilder, Rewrite};

use super::permutation::{load_record, store_rounds, IrArith};
use super::sites;
use super::Plan;

/// Where an entry point receives a built-in: an argument, or a member of
/// a struct argument.
#[derive(Clone, Copy)]
enum BuiltinArg {
    Direct(u32),
    Member(u32, u32),
}

pub(super) struct SubgroupBuiltins {
    lane: Lane,
    size: BuiltinArg,
}

/// How the rewrite learns its lane in the subgroup.
#[derive(Clone, Copy)]
enum Lane {
    /// `subgroup_invocation_id`.
    Builtin(BuiltinArg),
    /// The number of active lanes below this one, `subgroupExclusiveAdd(1u)`:
    /// `subgroup_invocation_id` wherever the subgroup is full, which is the
    /// only case the coalesced path runs in. For workgroups of more than
    /// one row, where naga (after Metal and D3D) refuses the built-in.
    Rank,
}

pub(super) fn ensure_subgroup_builtins(module: &mut Module, index: usize) -> SubgroupBuiltins {
    let u32_ty = ensure_type(&mut module.types, TypeInner::Scalar(Scalar::U32));
    let find_or_add = |module: &mut Module, builtin: BuiltIn, name: &str| {
        let function = &module.entry_points[index].function;
        for (n, arg) in function.arguments.iter().enumerate() {
            if arg.binding == Some(Binding::BuiltIn(builtin)) {
                return BuiltinArg::Direct(n as u32);
            }
            if let TypeInner::Struct { ref members, .. } = module.types[arg.ty].inner {
                if let Some(m) = members
                    .iter()
                    .position(|m| m.binding == Some(Binding::BuiltIn(builtin)))
                {
                    return BuiltinArg::Member(n as u32, m as u32);
                }
            }
        }
        let function = &mut module.entry_points[index].function;
        function.arguments.push(FunctionArgument {
            name: Some(name.into()),
            ty: u32_ty,
            binding: Some(Binding::BuiltIn(builtin)),
        });
        BuiltinArg::Direct(function.arguments.len() as u32 - 1)
    };
    let entry = &module.entry_points[index];
    let one_row = matches!(sites::workgroup_size(entry), [_, Some(1), Some(1)]);
    let lane = if one_row {
        Lane::Builtin(find_or_add(
            module,
            BuiltIn::SubgroupInvocationId,
            "subgroup_invocation_id",
        ))
    } else {
        Lane::Rank
    };
    SubgroupBuiltins {
        lane,
        size: find_or_add(module, BuiltIn::SubgroupSize, "subgroup_size"),
    }
}

pub(super) struct Group {
    pub(super) plan: Plan,
    /// The scalar the array holds.
    pub(super) scalar: Scalar,
    pub(super) scalar_ty: Handle<Type>,
    /// The array's length in words, if fixed.
    pub(super) length: Option<u32>,
    /// The flag of the bounds guard the group was lifted out of.
    pub(super) active: Option<Handle<naga::LocalVariable>>,
    /// Whether the record index is an `i32`: the check and the rounds read
    /// it as `u32` (see `sites::forms` on why that is the same record).
    pub(super) signed_index: bool,
}

/// A store's pointer and value.
type PointerAndValue = (Handle<Expression>, Handle<Expression>);

pub(super) struct Transpose {
    pub(super) groups: Vec<Group>,
    pub(super) constants: sites::Constants,
    pub(super) builtins: SubgroupBuiltins,
    pub(super) u32_ty: Handle<Type>,
    pub(super) bool_ty: Handle<Type>,
    /// Stores of a group seen before its last one: (pointer, value).
    pub(super) pending_stores: HashMap<usize, Vec<PointerAndValue>>,
    /// For each grouped load, the load of the local that replaces it.
    pub(super) load_results: HashMap<Handle<Expression>, Handle<naga::LocalVariable>>,
}

/// What the coalesced code needs from the rebuilt function.
struct Operands {
    words: Handle<Expression>,
    i: Handle<Expression>,
    k: u32,
    scalar: Scalar,
    length: Option<u32>,
    active: Option<Handle<naga::LocalVariable>>,
}

impl Transpose {
    fn builtin(&self, b: &mut BlockBuilder<'_>, arg: BuiltinArg) -> Handle<Expression> {
        match arg {
            BuiltinArg::Direct(n) => b.expr(Expression::FunctionArgument(n)),
            BuiltinArg::Member(n, m) => {
                let base = b.expr(Expression::FunctionArgument(n));
                b.expr(Expression::AccessIndex { base, index: m })
            }
        }
    }

    fn lane(&self, b: &mut BlockBuilder<'_>) -> Handle<Expression> {
        match self.builtins.lane {
            Lane::Builtin(arg) => self.builtin(b, arg),
            Lane::Rank => {
                let one = b.u32(1);
                b.subgroup_exclusive_scan(SubgroupOperation::Add, one, self.u32_ty)
            }
        }
    }

    /// The rebuilt word array and record index of a grouped access.
    fn operands(
        &self,
        b: &mut BlockBuilder<'_>,
        pointer: Handle<Expression>,
        group: &Group,
    ) -> Operands {
        let e = b.expressions();
        // The rebuilt pointer has the shape the finder matched.
        let Expression::Access { base, index } = e[pointer] else {
            unreachable!("a grouped access is `words[k * i + c]`")
        };
        let word = sites::word_index(&self.constants, e, index)
            .expect("a grouped access is `words[k * i + c]`");
        let i = if group.signed_index {
            b.expr(Expression::As {
                expr: word.i,
                kind: naga::ScalarKind::Uint,
                convert: Some(4),
            })
        } else {
            word.i
        };
        Operands {
            words: base,
            i,
            k: group.plan.k(),
            scalar: group.scalar,
            length: group.length,
            active: group.active,
        }
    }

    /// Emits the check that the subgroup may take the coalesced path, and
    /// returns it with the subgroup's first record, its lane and size.
    fn fast_path(&self, b: &mut BlockBuilder<'_>, o: &Operands) -> [Handle<Expression>; 4] {
        let in_bounds = o.active.map(|local| {
            let pointer = b.expr(Expression::LocalVariable(local));
            b.load(pointer)
        });
        let lane = self.lane(b);
        let size = self.builtin(b, self.builtins.size);
        let base = b.binary(BinaryOperator::Subtract, o.i, lane);
        let one = b.u32(1);
        let active = b.subgroup_reduce(SubgroupOperation::Add, one, self.u32_ty);
        let first_base = b.subgroup_broadcast_first(base, self.u32_ty);
        let words = match o.length {
            Some(n) => b.u32(n),
            None => b.expr(Expression::ArrayLength(o.words)),
        };
        let k = b.u32(o.k);
        let records = b.binary(BinaryOperator::Divide, words, k);
        let full = b.binary(BinaryOperator::Equal, active, size);
        let consecutive = b.binary(BinaryOperator::Equal, base, first_base);
        let room = b.binary(BinaryOperator::GreaterEqual, records, size);
        let last_start = b.binary(BinaryOperator::Subtract, records, size);
        let inside = b.binary(BinaryOperator::LessEqual, base, last_start);
        let fits = b.binary(BinaryOperator::LogicalAnd, room, inside);
        let whole = b.binary(BinaryOperator::LogicalAnd, full, consecutive);
        let mut ok = b.binary(BinaryOperator::LogicalAnd, whole, fits);
        if let Some(in_bounds) = in_bounds {
            ok = b.binary(BinaryOperator::LogicalAnd, ok, in_bounds);
        }
        let fast = b.subgroup_reduce(SubgroupOperation::All, ok, self.bool_ty);
        [fast, base, lane, size]
    }

    /// A block of what `build` adds, run only where the invocation is
    /// active, if the group was lifted out of a bounds guard.
    fn guarded(
        &self,
        b: &mut BlockBuilder<'_>,
        o: &Operands,
        build: impl FnOnce(&mut BlockBuilder<'_>),
    ) -> naga::Block {
        let Some(local) = o.active else {
            return b.block(build);
        };
        b.block(|b| {
            let pointer = b.expr(Expression::LocalVariable(local));
            let active = b.load(pointer);
            let accept = b.block(build);
            b.statement(Statement::If {
                condition: active,
                accept,
                reject: naga::Block::new(),
            });
        })
    }

    /// `words[k * base + r * size + lane]` for round `r`.
    fn round_pointer(
        &self,
        b: &mut BlockBuilder<'_>,
        o: &Operands,
        start: Handle<Expression>,
        r: u32,
        size: Handle<Expression>,
        lane: Handle<Expression>,
    ) -> Handle<Expression> {
        let offset = match r {
            0 => None,
            1 => Some(size),
            _ => {
                let r_c = b.u32(r);
                Some(b.binary(BinaryOperator::Multiply, r_c, size))
            }
        };
        let at = match offset {
            Some(offset) => b.binary(BinaryOperator::Add, start, offset),
            None => start,
        };
        let index = b.binary(BinaryOperator::Add, at, lane);
        b.access(o.words, index)
    }

    /// The shuffles run in the control flow of the original access, which
    /// is uniform, whichever path the subgroup then takes: WGSL wants
    /// subgroup operations in uniform control flow, and the branch on the
    /// check, uniform across the subgroup, is not uniform to its analysis.
    /// Only the memory accesses are conditional.
    fn emit_stores(
        &self,
        b: &mut BlockBuilder<'_>,
        o: &Operands,
        stores: &[(Handle<Expression>, Handle<Expression>)],
        components: &[u32],
    ) {
        let [fast, base, lane, size] = self.fast_path(b, o);
        let mut values = vec![None; o.k as usize];
        for (&(_, value), &c) in stores.iter().zip(components) {
            values[c as usize] = Some(value);
        }
        // Padding words, which no store writes, are written as zero.
        let registers: Vec<_> = values
            .iter()
            .map(|v| match *v {
                Some(v) => b.to_u32_bits(v, o.scalar.kind),
                None => b.u32(0),
            })
            .collect();
        let rounds = {
            let mut arith = IrArith::new(b, self.u32_ty);
            store_rounds(&mut arith, lane, size, &registers)
        };
        let accept = b.block(|b| {
            let k = b.u32(o.k);
            let start = b.binary(BinaryOperator::Multiply, base, k);
            for (r, word) in rounds.into_iter().enumerate() {
                let value = b.from_u32_bits(word, o.scalar.kind);
                let pointer = self.round_pointer(b, o, start, r as u32, size, lane);
                b.store(pointer, value);
            }
        });
        let reject = self.guarded(b, o, |b| {
            for &(pointer, value) in stores {
                b.store(pointer, value);
            }
        });
        b.statement(Statement::If {
            condition: fast,
            accept,
            reject,
        });
    }

    /// As [`Self::emit_stores`], the shuffles are unconditional; the
    /// coalesced loads land in locals first.
    fn emit_loads(
        &self,
        b: &mut BlockBuilder<'_>,
        o: &Operands,
        locals: &[Option<Handle<Expression>>],
    ) {
        let [fast, base, lane, size] = self.fast_path(b, o);
        let round_locals: Vec<_> = (0..o.k)
            .map(|r| b.local(&format!("coalesced_word{r}"), self.u32_ty))
            .collect();
        let accept = b.block(|b| {
            let k = b.u32(o.k);
            let start = b.binary(BinaryOperator::Multiply, base, k);
            for (r, &local) in round_locals.iter().enumerate() {
                let pointer = self.round_pointer(b, o, start, r as u32, size, lane);
                let value = b.load(pointer);
                let word = b.to_u32_bits(value, o.scalar.kind);
                b.store(local, word);
            }
        });
        b.statement(Statement::If {
            condition: fast,
            accept,
            reject: naga::Block::new(),
        });
        let rounds: Vec<_> = round_locals.iter().map(|&local| b.load(local)).collect();
        let record = {
            let mut arith = IrArith::new(b, self.u32_ty);
            load_record(&mut arith, lane, size, &rounds)
        };
        let accept = b.block(|b| {
            for (word, &local) in record.into_iter().zip(locals) {
                if let Some(local) = local {
                    let value = b.from_u32_bits(word, o.scalar.kind);
                    b.store(local, value);
                }
            }
        });
        let reject = self.guarded(b, o, |b| {
            let k = b.u32(o.k);
            let first = b.binary(BinaryOperator::Multiply, o.i, k);
            for (c, &local) in locals.iter().enumerate() {
                let Some(local) = local else {
                    continue;
                };
                let index = if c == 0 {
                    first
                } else {
                    let c = b.u32(c as u32);
                    b.binary(BinaryOperator::Add, first, c)
                };
                let pointer = b.access(o.words, index);
                let value = b.load(pointer);
                b.store(local, value);
            }
        });
        b.statement(Statement::If {
            condition: fast,
            accept,
            reject,
        });
    }
}

impl Rewrite for Transpose {
    fn expression_from(
        &mut self,
        b: &mut BlockBuilder<'_>,
        original: Handle<Expression>,
        expression: &Expression,
    ) -> Option<Handle<Expression>> {
        if let Some(&local) = self.load_results.get(&original) {
            let pointer = b.expr(Expression::LocalVariable(local));
            return Some(b.load(pointer));
        }
        let n = self
            .groups
            .iter()
            .position(|g| matches!(g.plan, Plan::Loads(ref l) if l.first() == original))?;
        let Expression::Load { pointer } = *expression else {
            return None;
        };
        let group = &self.groups[n];
        let Plan::Loads(ref loads) = group.plan else {
            unreachable!()
        };
        let o = self.operands(b, pointer, group);
        let scalar_ty = group.scalar_ty;
        let mut locals = Vec::new();
        let mut pointers = Vec::new();
        let loads = loads.loads.clone();
        for (c, load) in loads.iter().enumerate() {
            let Some(&load) = load.as_ref() else {
                // Padding: loaded with the rest, then dropped.
                pointers.push(None);
                continue;
            };
            let pointer = b.local(&format!("record_word{c}"), scalar_ty);
            let Expression::LocalVariable(local) = b.expressions()[pointer] else {
                unreachable!()
            };
            locals.push(local);
            pointers.push(Some(pointer));
            self.load_results.insert(load, local);
        }
        self.emit_loads(b, &o, &pointers);
        let pointer = b.expr(Expression::LocalVariable(self.load_results[&original]));
        Some(b.load(pointer))
    }

    fn statement_at(
        &mut self,
        b: &mut BlockBuilder<'_>,
        path: &[u32],
        statement: &Statement,
    ) -> Option<Option<Handle<Expression>>> {
        let Statement::Store { pointer, value } = *statement else {
            return None;
        };
        let (n, position) = self
            .groups
            .iter()
            .enumerate()
            .find_map(|(n, g)| match g.plan {
                Plan::Stores(ref s) => s
                    .paths
                    .iter()
                    .position(|p| p.as_slice() == path)
                    .map(|p| (n, p)),
                Plan::Loads(_) => None,
            })?;
        let pending = self.pending_stores.entry(n).or_default();
        pending.push((pointer, value));
        let group = &self.groups[n];
        let Plan::Stores(ref stores) = group.plan else {
            unreachable!()
        };
        if position + 1 < stores.paths.len() {
            return Some(None);
        }
        let stores_seen = self.pending_stores.remove(&n).expect("pushed above");
        let o = self.operands(b, stores_seen[0].0, group);
        self.emit_stores(b, &o, &stores_seen, &stores.components);
        Some(None)
    }
}
