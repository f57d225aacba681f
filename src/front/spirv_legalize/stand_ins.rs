//! Stand-in functions: where naga's reader cannot read an instruction
//! (image atomics, ray queries), the legalisation calls a function in its
//! place, which naga reads as an ordinary call; the front end then puts
//! back what the call stands for, in naga's IR, and removes the function.

use rspirv::dr::{Block, Function, Instruction, Operand};
use rspirv::spirv::{FunctionControl, Op, Word};

use super::Legalizer;

impl Legalizer {
    /// Declares a function named `name`, of `parameter_types`, returning
    /// `result_type` (nothing where `None`), whose body is what `body`
    /// gives for the parameters' ids, followed by its return. The body
    /// tells naga what the call does that it must know (the image an
    /// atomic writes); a function that returns a value returns a zero.
    pub(super) fn add_stand_in_function(
        &mut self,
        name: &str,
        result_type: Option<Word>,
        parameter_types: &[Word],
        body: impl FnOnce(&mut Self, &[Word]) -> Vec<Instruction>,
    ) -> Word {
        let void = self.ensure_type(Op::TypeVoid, vec![]);
        let returned = result_type.unwrap_or(void);
        let mut type_operands = vec![Operand::IdRef(returned)];
        type_operands.extend(parameter_types.iter().map(|&t| Operand::IdRef(t)));
        let function_type = self.ensure_type(Op::TypeFunction, type_operands);
        let function = self.fresh_id();
        let parameter_ids: Vec<Word> = parameter_types.iter().map(|_| self.fresh_id()).collect();
        let parameters = parameter_types
            .iter()
            .zip(&parameter_ids)
            .map(|(&t, &id)| Instruction::new(Op::FunctionParameter, Some(t), Some(id), vec![]))
            .collect();
        let mut instructions = body(self, &parameter_ids);
        instructions.push(match result_type {
            Some(ty) => {
                let zero = self.constant_null(ty);
                Instruction::new(Op::ReturnValue, None, None, vec![Operand::IdRef(zero)])
            }
            None => Instruction::new(Op::Return, None, None, vec![]),
        });
        let label = self.fresh_id();
        self.module.functions.push(Function {
            def: Some(Instruction::new(
                Op::Function,
                Some(returned),
                Some(function),
                vec![
                    Operand::FunctionControl(FunctionControl::NONE),
                    Operand::IdRef(function_type),
                ],
            )),
            end: Some(Instruction::new(Op::FunctionEnd, None, None, vec![])),
            parameters,
            blocks: vec![Block {
                label: Some(Instruction::new(Op::Label, None, Some(label), vec![])),
                instructions,
            }],
        });
        self.module.debug_names.push(Instruction::new(
            Op::Name,
            None,
            None,
            vec![
                Operand::IdRef(function),
                Operand::LiteralString(name.to_string()),
            ],
        ));
        self.names.insert(function, name.to_string());
        function
    }
}
