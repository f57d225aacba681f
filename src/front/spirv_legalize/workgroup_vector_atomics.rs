//! Atomic operations on components of vectors in workgroup memory (HLSL
//! `groupshared uint4 hist[N]` with `InterlockedAdd(hist[i].y, 1)`, as in
//! GPUSorting's histograms), which Vulkan allows and WGSL does not: its
//! atomics are scalars.
//!
//! Workgroup memory has no layout the host sees, so each such variable's
//! vectors become arrays of their components (`uint4` → `uint[4]`): an
//! access chain to a component indexes the array instead, with the same
//! indices, and naga reads the atomics as atomics on array elements. A load
//! of a whole vector becomes a load of the array and a construct of the
//! vector; a store, the other way round. A variable used otherwise (handed
//! to a function, copied whole, a vector in a structure) is left as it is,
//! and its atomics are refused at their line.

use std::collections::{HashMap, HashSet};

use rspirv::dr::{Instruction, Operand};
use rspirv::spirv::{Op, StorageClass, Word};

use super::atomic_vector_components::ATOMICS;
use super::{id_operand, Legalizer};

/// How one variable's types change: each pointee type, vector or array of
/// vectors, to its replacement.
struct Retyping {
    variable: Word,
    /// Old type → new type, for the vector and every array that holds it.
    types: HashMap<Word, Word>,
    /// The vector type, its component type and its size.
    vector: (Word, Word, u32),
}

impl Legalizer {
    /// Rewrites the workgroup variables whose vector components are
    /// accessed atomically; returns their names.
    pub(super) fn split_workgroup_vectors_with_atomics(&mut self) -> Vec<Option<String>> {
        let mut split = Vec::new();
        for variable in self.workgroup_variables_with_vector_atomics() {
            if let Some(retyping) = self.retyping(variable) {
                if self.pointers_only_chained_loaded_stored_or_atomic(&retyping) {
                    self.apply(&retyping);
                    split.push(self.names.get(&variable).cloned());
                }
            }
        }
        split
    }

    fn workgroup_variables_with_vector_atomics(&self) -> Vec<Word> {
        let value_types = self.value_types();
        let chains: HashMap<Word, &Instruction> = self
            .defining_instructions()
            .filter(|i| matches!(i.class.opcode, Op::AccessChain | Op::InBoundsAccessChain))
            .filter_map(|i| Some((i.result_id?, i)))
            .collect();
        let workgroup: HashSet<Word> = self
            .global_variables()
            .into_iter()
            .filter(|(_, ty)| {
                self.pointee(*ty)
                    .is_some_and(|(class, _)| class == StorageClass::Workgroup)
            })
            .map(|(id, _)| id)
            .collect();
        let mut found = Vec::new();
        for inst in self
            .module
            .functions
            .iter()
            .flat_map(|f| f.blocks.iter().flat_map(|b| &b.instructions))
            .filter(|i| ATOMICS.contains(&i.class.opcode))
        {
            let Some(chain) = inst
                .operands
                .first()
                .and_then(id_operand)
                .and_then(|p| chains.get(&p))
            else {
                continue;
            };
            let Some(base) = chain.operands.first().and_then(id_operand) else {
                continue;
            };
            if workgroup.contains(&base)
                && !found.contains(&base)
                && self.vector_stepped_into(chain, &value_types) == Some(None)
            {
                found.push(base);
            }
        }
        found
    }

    /// The new types of `variable`'s pointee: a vector, or arrays of one.
    fn retyping(&mut self, variable: Word) -> Option<Retyping> {
        let pointer = self.global(variable)?.result_type?;
        let (_, pointee) = self.pointee(pointer)?;
        // The path from the pointee down to the vector.
        let mut path = vec![pointee];
        loop {
            let inst = self.global(*path.last().unwrap())?;
            match inst.class.opcode {
                Op::TypeArray => path.push(id_operand(inst.operands.first()?)?),
                Op::TypeVector => break,
                _ => return None,
            }
        }
        let vector = *path.last().unwrap();
        let (component, size) = match self.global(vector)?.operands.as_slice() {
            [Operand::IdRef(c), Operand::LiteralBit32(n)] => (*c, *n),
            _ => return None,
        };
        let uint = self.ensure_type(
            Op::TypeInt,
            vec![Operand::LiteralBit32(32), Operand::LiteralBit32(0)],
        );
        let length = self.uint_constant(uint, size);
        let array_of_components = self.ensure_type(
            Op::TypeArray,
            vec![Operand::IdRef(component), Operand::IdRef(length)],
        );
        let mut types = HashMap::from([(vector, array_of_components)]);
        let mut inner = array_of_components;
        for &array in path.iter().rev().skip(1) {
            let length = self.global(array)?.operands.get(1).cloned()?;
            inner = self.ensure_type(Op::TypeArray, vec![Operand::IdRef(inner), length]);
            types.insert(array, inner);
        }
        Some(Retyping {
            variable,
            types,
            vector: (vector, component, size),
        })
    }

    /// The pointers derived from the variable: itself and its access
    /// chains (transitively).
    fn derived_pointers(&self, variable: Word) -> HashSet<Word> {
        let mut pointers = HashSet::from([variable]);
        loop {
            let before = pointers.len();
            for i in self
                .module
                .functions
                .iter()
                .flat_map(|f| f.blocks.iter().flat_map(|b| &b.instructions))
            {
                if matches!(i.class.opcode, Op::AccessChain | Op::InBoundsAccessChain)
                    && i.operands
                        .first()
                        .and_then(id_operand)
                        .is_some_and(|p| pointers.contains(&p))
                {
                    pointers.extend(i.result_id);
                }
            }
            if pointers.len() == before {
                return pointers;
            }
        }
    }

    /// Whether every use of a pointer derived from the variable is an
    /// access chain from it, an atomic on it, or a load or store of a
    /// scalar or of the vector itself (not of an array of vectors).
    fn pointers_only_chained_loaded_stored_or_atomic(&self, retyping: &Retyping) -> bool {
        let pointers = self.derived_pointers(retyping.variable);
        let value_types = self.value_types();
        let pointee_of = |p: Word| value_types.get(&p).and_then(|t| self.pointee(*t));
        let whole_array = |p: Word| {
            pointee_of(p)
                .is_some_and(|(_, t)| retyping.types.contains_key(&t) && t != retyping.vector.0)
        };
        self.module
            .functions
            .iter()
            .flat_map(|f| f.blocks.iter().flat_map(|b| &b.instructions))
            .all(|i| {
                i.operands
                    .iter()
                    .enumerate()
                    .filter_map(|(at, o)| id_operand(o).map(|id| (at, id)))
                    .filter(|(_, id)| pointers.contains(id))
                    .all(|(at, id)| match i.class.opcode {
                        Op::AccessChain | Op::InBoundsAccessChain => at == 0,
                        Op::Load | Op::Store => at == 0 && !whole_array(id),
                        op => ATOMICS.contains(&op) && at == 0,
                    })
            })
    }

    fn apply(&mut self, retyping: &Retyping) {
        let pointers = self.derived_pointers(retyping.variable);
        let (vector, component, size) = retyping.vector;
        // Every pointer type to a retyped pointee, in workgroup memory.
        let mut pointer_types = HashMap::new();
        for (&old, &new) in &retyping.types {
            let from = self.pointer_type(StorageClass::Workgroup, old);
            let to = self.pointer_type(StorageClass::Workgroup, new);
            pointer_types.insert(from, to);
        }
        if let Some(var) = self
            .module
            .types_global_values
            .iter_mut()
            .find(|i| i.result_id == Some(retyping.variable))
        {
            if let Some(ty) = var.result_type.and_then(|t| pointer_types.get(&t)) {
                var.result_type = Some(*ty);
            }
        }
        // The variable's new pointer type must come before it.
        let var_at = self
            .module
            .types_global_values
            .iter()
            .position(|i| i.result_id == Some(retyping.variable));
        let ty_at = self.module.types_global_values.iter().position(|i| {
            i.result_id.is_some()
                && i.result_id == self.global(retyping.variable).and_then(|v| v.result_type)
        });
        if let (Some(var_at), Some(ty_at)) = (var_at, ty_at) {
            if ty_at > var_at {
                let var = self.module.types_global_values.remove(var_at);
                self.module.types_global_values.insert(ty_at, var);
            }
        }
        let component_pointer = self.pointer_type(StorageClass::Workgroup, component);
        let uint = self.ensure_type(
            Op::TypeInt,
            vec![Operand::LiteralBit32(32), Operand::LiteralBit32(0)],
        );
        let indices: Vec<Word> = (0..size).map(|k| self.uint_constant(uint, k)).collect();
        let value_types = self.value_types();
        let stores_vector = |store: &Instruction| {
            let value = store.operands.get(1).and_then(id_operand);
            value.is_some_and(|v| value_types.get(&v) == Some(&vector))
        };
        self.rewrite_instructions(|l, mut inst, out| {
            let on_pointer = |at: usize, inst: &Instruction| {
                inst.operands
                    .get(at)
                    .and_then(id_operand)
                    .is_some_and(|p| pointers.contains(&p))
            };
            match inst.class.opcode {
                Op::AccessChain | Op::InBoundsAccessChain if on_pointer(0, &inst) => {
                    if let Some(ty) = inst.result_type.and_then(|t| pointer_types.get(&t)) {
                        inst.result_type = Some(*ty);
                    }
                    out.push(inst);
                }
                // naga reads the components as atomics, which are loaded
                // and stored one at a time, never as a whole array.
                Op::Load if on_pointer(0, &inst) && inst.result_type == Some(vector) => {
                    let Some(pointer) = inst.operands.first().and_then(id_operand) else {
                        out.push(inst);
                        return;
                    };
                    let mut parts = Vec::new();
                    for &index in &indices {
                        let element = l.chain_to(out, component_pointer, pointer, index);
                        let part = l.fresh_id();
                        out.push(Instruction::new(
                            Op::Load,
                            Some(component),
                            Some(part),
                            vec![Operand::IdRef(element)],
                        ));
                        parts.push(Operand::IdRef(part));
                    }
                    out.push(Instruction::new(
                        Op::CompositeConstruct,
                        Some(vector),
                        inst.result_id,
                        parts,
                    ));
                }
                Op::Store if on_pointer(0, &inst) && stores_vector(&inst) => {
                    let (Some(pointer), Some(value)) = (
                        inst.operands.first().and_then(id_operand),
                        inst.operands.get(1).and_then(id_operand),
                    ) else {
                        out.push(inst);
                        return;
                    };
                    for (k, &index) in indices.iter().enumerate() {
                        let part = l.fresh_id();
                        out.push(Instruction::new(
                            Op::CompositeExtract,
                            Some(component),
                            Some(part),
                            vec![Operand::IdRef(value), Operand::LiteralBit32(k as u32)],
                        ));
                        let element = l.chain_to(out, component_pointer, pointer, index);
                        out.push(Instruction::new(
                            Op::Store,
                            None,
                            None,
                            vec![Operand::IdRef(element), Operand::IdRef(part)],
                        ));
                    }
                }
                _ => out.push(inst),
            }
        });
    }

    /// Pushes `OpAccessChain %ty %pointer %index` to `out`; its result.
    fn chain_to(
        &mut self,
        out: &mut Vec<Instruction>,
        ty: Word,
        pointer: Word,
        index: Word,
    ) -> Word {
        let element = self.fresh_id();
        out.push(Instruction::new(
            Op::AccessChain,
            Some(ty),
            Some(element),
            vec![Operand::IdRef(pointer), Operand::IdRef(index)],
        ));
        element
    }
}
