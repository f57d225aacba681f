//! A bound on the iterations of every loop whose trip count the shader's
//! input decides, so that a shader whose loop runs as many times as a
//! value it reads (`for (i = 0; i < data[id]; i++)`) finishes on a GPU
//! that, unlike a CPU driver, never stops a long loop. Validation applies
//! it to a shader and to its reference alike, so both stop at the same
//! iteration and their results stay comparable.

use std::collections::HashSet;

use naga::{
    BinaryOperator, Block, Expression, Function, Handle, Literal, LocalVariable, Module, Statement,
};

use super::{add_local, functions_mut, pointer_root, scalar_type, BlockBuilder, PointerRoot};

/// Makes every loop of `module` that its input may keep running leave
/// after `max` iterations of its body in one call of its function: a
/// counter, zeroed where the function starts, is read at the top of the
/// body, which breaks once it reaches `max`. The counter is not zeroed
/// where the loop starts, so that a loop inside another runs `max` times
/// in all, not `max` times for each turn of the outer one: nested loops
/// whose counts come from the input (an irradiance convolution stepping
/// two angles by pushed deltas) would otherwise run `max` squared times,
/// hours of a GPU with no watchdog. A loop that every invocation of a
/// workgroup enters and runs the same number of times stays so (each
/// counter counts the same), so barriers inside it stay in uniform control
/// flow. A loop whose every way out is decided by
/// constants and by variables that only constants reach (`for (var i =
/// 0u; i < 8u; i++)`) is left as it is: its trip count is the shader's,
/// and a counter would only cost the driver's compiler (on lavapipe, one
/// of vello's kernels took 72 s to build with its constant loops counted).
/// Returns how many loops were bounded.
pub fn bound_loops(module: &mut Module, max: u32) -> usize {
    let has_loop = super::functions(module).any(|f| {
        let mut found = false;
        super::for_each_statement(&f.body, &mut |s, _| {
            found |= matches!(s, Statement::Loop { .. })
        });
        found
    });
    if !has_loop {
        return 0;
    }
    let u32_type = scalar_type(module, naga::Scalar::U32);
    let mut bounded = 0;
    for function in functions_mut(module) {
        let input = InputDependence::of(function);
        let mut counters = Vec::new();
        let expressions = &mut function.expressions;
        let locals = &mut function.local_variables;
        super::for_each_block_mut(&mut function.body, &mut |block: &mut Block| {
            let old = std::mem::take(block);
            for (statement, span) in old.span_into_iter() {
                let Statement::Loop {
                    mut body,
                    continuing,
                    break_if,
                } = statement
                else {
                    block.push(statement, span);
                    continue;
                };
                if !input.decides_loop(&body, &continuing, break_if) {
                    block.push(
                        Statement::Loop {
                            body,
                            continuing,
                            break_if,
                        },
                        span,
                    );
                    continue;
                }
                let counter = add_local(&mut *locals, "loop_iterations", u32_type, span);
                counters.push(counter);
                let pointer = expressions.append(Expression::LocalVariable(counter), span);
                let mut top = counting(&mut *expressions, pointer, max, span);
                top.append(&mut body);
                block.push(
                    Statement::Loop {
                        body: top,
                        continuing,
                        break_if,
                    },
                    span,
                );
                bounded += 1;
            }
        });
        // Each counter zeroed where the function starts.
        let mut start = BlockBuilder::new(&mut function.expressions, naga::Span::UNDEFINED);
        for counter in counters {
            let pointer = start.expr(Expression::LocalVariable(counter));
            let zero = start.expr(Expression::Literal(Literal::U32(0)));
            start.statement(Statement::Store {
                pointer,
                value: zero,
            });
        }
        let mut body = start.finish();
        body.append(&mut function.body);
        function.body = body;
    }
    bounded
}

/// Which values of a function its input may decide: what it reads from
/// memory other than its own variables, its arguments (built-ins
/// included), results of calls, atomics and subgroup operations, and every
/// value computed from those, through the local variables they are stored
/// in.
struct InputDependence {
    expressions: Vec<bool>,
}

impl InputDependence {
    fn of(function: &Function) -> Self {
        let mut locals: HashSet<Handle<LocalVariable>> = HashSet::new();
        loop {
            let expressions = Self::expressions(function, &locals);
            let before = locals.len();
            super::for_each_statement(&function.body, &mut |statement, _| {
                let stored = match *statement {
                    Statement::Store { pointer, value } => {
                        Some((pointer, expressions[value.index()]))
                    }
                    // Whatever a call writes through a pointer is the
                    // callee's: counted as input.
                    Statement::Call { ref arguments, .. } => {
                        for &a in arguments {
                            if let PointerRoot::Local(l) = pointer_root(&function.expressions, a) {
                                locals.insert(l);
                            }
                        }
                        None
                    }
                    _ => None,
                };
                if let Some((pointer, true)) = stored {
                    if let PointerRoot::Local(l) = pointer_root(&function.expressions, pointer) {
                        locals.insert(l);
                    }
                }
            });
            if locals.len() == before {
                return InputDependence { expressions };
            }
        }
    }

    fn expressions(function: &Function, locals: &HashSet<Handle<LocalVariable>>) -> Vec<bool> {
        let mut input = vec![false; function.expressions.len()];
        // Operands come before the expressions that use them.
        for (handle, expression) in function.expressions.iter() {
            use Expression as E;
            input[handle.index()] = match *expression {
                E::Load { pointer } => match pointer_root(&function.expressions, pointer) {
                    PointerRoot::Local(l) => locals.contains(&l),
                    _ => true,
                },
                E::FunctionArgument(_)
                | E::CallResult(_)
                | E::AtomicResult { .. }
                | E::WorkGroupUniformLoadResult { .. }
                | E::SubgroupOperationResult { .. }
                | E::SubgroupBallotResult
                | E::RayQueryProceedResult
                | E::ImageSample { .. }
                | E::ImageLoad { .. }
                | E::ImageQuery { .. }
                | E::ArrayLength(_) => true,
                // Pointers are followed where they are loaded.
                E::LocalVariable(_) | E::GlobalVariable(_) => false,
                ref other => {
                    let mut any = false;
                    super::visit_operands(other, |operand| any |= input[operand.index()]);
                    any
                }
            };
        }
        input
    }

    /// Whether the input may decide when the loop of `body`, `continuing`
    /// and `break_if` ends: a way out (a `break`, a `return`, `break_if`)
    /// taken on a condition the input decides, or none at all.
    fn decides_loop(
        &self,
        body: &Block,
        continuing: &Block,
        break_if: Option<Handle<Expression>>,
    ) -> bool {
        let mut exits = 0;
        let mut decided = break_if.is_some_and(|c| self.expressions[c.index()]);
        exits += usize::from(break_if.is_some());
        for block in [body, continuing] {
            self.visit_exits(block, false, &mut exits, &mut decided);
        }
        decided || exits == 0
    }

    /// Counts the ways out of the enclosing loop in `block` and notes
    /// whether a condition the input decides leads to one. Inside a loop
    /// nested in it (`nested`), a `break` leaves only that loop; a
    /// `return` leaves both.
    fn visit_exits(&self, block: &Block, nested: bool, exits: &mut usize, decided: &mut bool) {
        for statement in block.iter() {
            let before = *exits;
            let condition = match *statement {
                Statement::Break => {
                    *exits += usize::from(!nested);
                    None
                }
                Statement::Return { .. } | Statement::Kill => {
                    *exits += 1;
                    None
                }
                Statement::If { condition, .. } => Some(condition),
                Statement::Switch { selector, .. } => Some(selector),
                _ => None,
            };
            let inner = nested || matches!(statement, Statement::Loop { .. });
            for child in super::child_blocks(statement) {
                self.visit_exits(child, inner, exits, decided);
            }
            if *exits > before && condition.is_some_and(|c| self.expressions[c.index()]) {
                *decided = true;
            }
        }
    }
}

/// `if counter >= max { break; } counter += 1;`
fn counting(
    expressions: &mut naga::Arena<Expression>,
    counter: Handle<Expression>,
    max: u32,
    span: naga::Span,
) -> Block {
    let mut b = BlockBuilder::new(expressions, span);
    let limit = b.expr(Expression::Literal(Literal::U32(max)));
    let one = b.expr(Expression::Literal(Literal::U32(1)));
    let count = b.expr(Expression::Load { pointer: counter });
    let reached = b.expr(Expression::Binary {
        op: BinaryOperator::GreaterEqual,
        left: count,
        right: limit,
    });
    b.break_if(reached);
    let next = b.expr(Expression::Binary {
        op: BinaryOperator::Add,
        left: count,
        right: one,
    });
    b.statement(Statement::Store {
        pointer: counter,
        value: next,
    });
    b.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn module(source: &str) -> Module {
        naga::front::wgsl::parse_str(source).expect("the test shader parses")
    }

    #[test]
    fn an_unbounded_loop_stops_after_the_bound_and_stays_valid() {
        let mut m = module(
            "@group(0) @binding(0) var<storage, read_write> out: array<u32>;
             @compute @workgroup_size(1) fn main() {
                 var n = 0u;
                 loop { n += 1u; for (var i = 0u; i < out[1]; i++) { n += 2u; } }
                 out[0] = n;
             }",
        );
        assert_eq!(bound_loops(&mut m, 7), 2);
        crate::ir::validate(&m).expect("the bounded module is valid");
        let text = naga::back::wgsl::write_string(
            &m,
            &crate::ir::validate(&m).unwrap(),
            naga::back::wgsl::WriterFlags::empty(),
        )
        .unwrap();
        assert_eq!(text.matches(">= 7u").count(), 2, "{text}");
        // Both counters start at zero where the function does, before
        // the outer loop: the inner one counts every turn of it together.
        let first_loop = text.find("loop {").unwrap();
        let zeroed = text[..first_loop]
            .lines()
            .filter(|l| l.trim_start().starts_with("loop_iterations") && l.ends_with("= 0u;"))
            .count();
        assert_eq!(zeroed, 2, "{text}");
        assert!(
            !text[first_loop..].contains("loop_iterations = 0u"),
            "{text}"
        );
    }

    #[test]
    fn loops_that_constants_decide_are_left_as_they_are() {
        let mut m = module(
            "@group(0) @binding(0) var<storage, read_write> out: array<u32>;
             @compute @workgroup_size(1) fn main() {
                 var n = 0u;
                 for (var i = 0u; i < 8u; i++) {
                     for (var j = i; j > 0u; j >>= 1u) { n += j; }
                 }
                 var k = 0u;
                 loop { k += 3u; if k > 30u { break; } }
                 var m = out[2];
                 while m > 1u { m -= 1u; }
                 out[0] = n + k + m;
             }",
        );
        // Only the loop on `m`, which the buffer decides.
        assert_eq!(bound_loops(&mut m, 7), 1);
        crate::ir::validate(&m).expect("the bounded module is valid");
    }

    #[test]
    fn a_module_without_loops_is_left_as_it_is() {
        let mut m = module("@compute @workgroup_size(1) fn main() { var x = 1; x += 1; }");
        let before = format!("{m:?}");
        assert_eq!(bound_loops(&mut m, 7), 0);
        assert_eq!(format!("{m:?}"), before);
    }
}
