//! Combined image samplers split into an image variable (at the combined
//! binding) and a sampler variable (at the next free binding of its set,
//! past the bindings other stages of the pipeline hold where the host
//! names them),
//! since naga reads a sampled image only from `OpSampledImage`; loads,
//! access chains and function parameters follow.

use std::collections::{BTreeMap, HashMap};

use rspirv::dr::{Instruction, Operand};
use rspirv::spirv::{Decoration, Op, Word};

use super::{id_operand, Legalizer, SamplerSplit};

impl Legalizer {
    /// The sampler-side and image-side types of a combined type (a sampled
    /// image, or an array of them), or `None` for any other type.
    fn split_type(&mut self, ty: Word) -> Option<(Word, Word)> {
        let inst = self.global(ty)?.clone();
        match inst.class.opcode {
            Op::TypeSampledImage => {
                let image = inst.operands.first().and_then(id_operand)?;
                let sampler = self.ensure_type(Op::TypeSampler, vec![]);
                Some((image, sampler))
            }
            Op::TypeArray | Op::TypeRuntimeArray => {
                let element = inst.operands.first().and_then(id_operand)?;
                let (image, sampler) = self.split_type(element)?;
                let mut rest = inst.operands[1..].to_vec();
                let mut image_ops = vec![Operand::IdRef(image)];
                image_ops.append(&mut rest.clone());
                let mut sampler_ops = vec![Operand::IdRef(sampler)];
                sampler_ops.append(&mut rest);
                Some((
                    self.ensure_type(inst.class.opcode, image_ops),
                    self.ensure_type(inst.class.opcode, sampler_ops),
                ))
            }
            _ => None,
        }
    }

    /// For a pointer to a combined type: the pointer types to its image
    /// and sampler parts.
    fn split_pointer_type(&mut self, pointer: Word) -> Option<(Word, Word)> {
        let (class, pointee) = self.pointee(pointer)?;
        let (image, sampler) = self.split_type(pointee)?;
        Some((
            self.pointer_type(class, image),
            self.pointer_type(class, sampler),
        ))
    }

    pub(super) fn split_combined_samplers(&mut self, reserved: &[(u32, u32)]) -> Vec<SamplerSplit> {
        if !self
            .module
            .types_global_values
            .iter()
            .any(|i| i.class.opcode == Op::TypeSampledImage)
        {
            return Vec::new();
        }
        // Pointer id -> (image pointer id, sampler pointer id).
        let mut split: HashMap<Word, (Word, Word)> = HashMap::new();
        let mut splits = Vec::new();

        let mut next_binding: BTreeMap<u32, u32> = BTreeMap::new();
        for &(set, binding) in reserved {
            let next = next_binding.entry(set).or_insert(0);
            *next = (*next).max(binding + 1);
        }
        let bound_variables: Vec<Word> = self
            .module
            .types_global_values
            .iter()
            .filter(|i| i.class.opcode == Op::Variable)
            .filter_map(|i| i.result_id)
            .collect();
        for &var in &bound_variables {
            if let (Some(set), Some(binding)) = (
                self.decoration_value(var, Decoration::DescriptorSet),
                self.decoration_value(var, Decoration::Binding),
            ) {
                let next = next_binding.entry(set).or_insert(0);
                *next = (*next).max(binding + 1);
            }
        }

        for var in bound_variables {
            let Some(inst) = self.global(var) else {
                continue;
            };
            let Some(pointer) = inst.result_type else {
                continue;
            };
            let Some((image_ptr, sampler_ptr)) = self.split_pointer_type(pointer) else {
                continue;
            };
            let sampler_var = self.fresh_id();
            let position = self
                .module
                .types_global_values
                .iter()
                .position(|i| i.result_id == Some(var))
                .expect("the variable is declared");
            self.module.types_global_values[position].result_type = Some(image_ptr);
            let class = self.module.types_global_values[position].operands[0].clone();
            // After the variable and after its new pointer type.
            let sampler_inst = Instruction::new(
                Op::Variable,
                Some(sampler_ptr),
                Some(sampler_var),
                vec![class],
            );
            let at = self.position_after_operands(&Instruction::new(
                Op::Nop,
                None,
                None,
                vec![Operand::IdRef(var), Operand::IdRef(sampler_ptr)],
            ));
            self.module.types_global_values.insert(at, sampler_inst);

            let set = self.decoration_value(var, Decoration::DescriptorSet);
            let binding = self.decoration_value(var, Decoration::Binding);
            if let (Some(set), Some(binding)) = (set, binding) {
                let next = next_binding.entry(set).or_insert(0);
                let sampler_binding = *next;
                *next += 1;
                self.decorate(sampler_var, Decoration::DescriptorSet, Some(set));
                self.decorate(sampler_var, Decoration::Binding, Some(sampler_binding));
                splits.push(SamplerSplit {
                    name: self.names.get(&var).cloned(),
                    combined: (set, binding),
                    texture: (set, binding),
                    sampler: (set, sampler_binding),
                });
            }
            if let Some(name) = self.names.get(&var).cloned() {
                self.module.debug_names.push(Instruction::new(
                    Op::Name,
                    None,
                    None,
                    vec![
                        Operand::IdRef(sampler_var),
                        Operand::LiteralString(format!("{name}_sampler")),
                    ],
                ));
            }
            for ep in &mut self.module.entry_points {
                if ep.operands.contains(&Operand::IdRef(var)) {
                    ep.operands.push(Operand::IdRef(sampler_var));
                }
            }
            split.insert(var, (var, sampler_var));
        }

        // Function parameters of combined types take an image and a
        // sampler; the function types follow.
        for f in 0..self.module.functions.len() {
            let mut changed = false;
            let old = std::mem::take(&mut self.module.functions[f].parameters);
            let mut parameters = Vec::with_capacity(old.len());
            for mut param in old {
                let pair = param.result_type.and_then(|t| self.split_pointer_type(t));
                match (pair, param.result_id) {
                    (Some((image_ptr, sampler_ptr)), Some(id)) => {
                        param.result_type = Some(image_ptr);
                        let sampler_param = self.fresh_id();
                        parameters.push(param);
                        parameters.push(Instruction::new(
                            Op::FunctionParameter,
                            Some(sampler_ptr),
                            Some(sampler_param),
                            vec![],
                        ));
                        split.insert(id, (id, sampler_param));
                        if let Some(name) = self.names.get(&id).cloned() {
                            self.module.debug_names.push(Instruction::new(
                                Op::Name,
                                None,
                                None,
                                vec![
                                    Operand::IdRef(sampler_param),
                                    Operand::LiteralString(format!("{name}_sampler")),
                                ],
                            ));
                        }
                        changed = true;
                    }
                    _ => parameters.push(param),
                }
            }
            if changed {
                let return_type = self.module.functions[f]
                    .def
                    .as_ref()
                    .and_then(|d| d.result_type)
                    .unwrap_or(0);
                let mut operands = vec![Operand::IdRef(return_type)];
                operands.extend(
                    parameters
                        .iter()
                        .filter_map(|p| p.result_type.map(Operand::IdRef)),
                );
                let function_type = self.ensure_type(Op::TypeFunction, operands);
                if let Some(def) = self.module.functions[f].def.as_mut() {
                    if let Some(op) = def.operands.get_mut(1) {
                        *op = Operand::IdRef(function_type);
                    }
                }
            }
            self.module.functions[f].parameters = parameters;
        }

        if split.is_empty() {
            return splits;
        }
        for f in 0..self.module.functions.len() {
            for b in 0..self.module.functions[f].blocks.len() {
                let old = std::mem::take(&mut self.module.functions[f].blocks[b].instructions);
                let mut new = Vec::with_capacity(old.len());
                for mut inst in old {
                    match inst.class.opcode {
                        Op::Load => {
                            let source = inst.operands.first().and_then(id_operand);
                            if let Some(&(image_ptr, sampler_ptr)) =
                                source.and_then(|s| split.get(&s))
                            {
                                let sampled_type = inst.result_type.unwrap_or(0);
                                let image_type = self
                                    .global(sampled_type)
                                    .and_then(|t| t.operands.first())
                                    .and_then(id_operand)
                                    .unwrap_or(0);
                                let sampler_type = self.ensure_type(Op::TypeSampler, vec![]);
                                let image = self.fresh_id();
                                let sampler = self.fresh_id();
                                new.push(Instruction::new(
                                    Op::Load,
                                    Some(image_type),
                                    Some(image),
                                    vec![Operand::IdRef(image_ptr)],
                                ));
                                new.push(Instruction::new(
                                    Op::Load,
                                    Some(sampler_type),
                                    Some(sampler),
                                    vec![Operand::IdRef(sampler_ptr)],
                                ));
                                inst = Instruction::new(
                                    Op::SampledImage,
                                    inst.result_type,
                                    inst.result_id,
                                    vec![Operand::IdRef(image), Operand::IdRef(sampler)],
                                );
                            }
                            new.push(inst);
                        }
                        Op::AccessChain | Op::InBoundsAccessChain => {
                            let base = inst.operands.first().and_then(id_operand);
                            let pair = base.and_then(|b| split.get(&b)).copied();
                            let types = inst.result_type.and_then(|t| self.split_pointer_type(t));
                            match (pair, types, inst.result_id) {
                                (
                                    Some((image_base, sampler_base)),
                                    Some((image_ptr, sampler_ptr)),
                                    Some(id),
                                ) => {
                                    let sampler_chain = self.fresh_id();
                                    let mut sampler_ops = inst.operands.clone();
                                    sampler_ops[0] = Operand::IdRef(sampler_base);
                                    inst.operands[0] = Operand::IdRef(image_base);
                                    inst.result_type = Some(image_ptr);
                                    let opcode = inst.class.opcode;
                                    new.push(inst);
                                    new.push(Instruction::new(
                                        opcode,
                                        Some(sampler_ptr),
                                        Some(sampler_chain),
                                        sampler_ops,
                                    ));
                                    split.insert(id, (id, sampler_chain));
                                }
                                _ => new.push(inst),
                            }
                        }
                        Op::FunctionCall => {
                            let mut operands = Vec::with_capacity(inst.operands.len() + 1);
                            for (i, operand) in inst.operands.iter().enumerate() {
                                operands.push(operand.clone());
                                if i > 0 {
                                    if let Some(&(_, sampler)) =
                                        id_operand(operand).and_then(|a| split.get(&a))
                                    {
                                        operands.push(Operand::IdRef(sampler));
                                    }
                                }
                            }
                            inst.operands = operands;
                            new.push(inst);
                        }
                        _ => new.push(inst),
                    }
                }
                self.module.functions[f].blocks[b].instructions = new;
            }
        }
        splits
    }
}
