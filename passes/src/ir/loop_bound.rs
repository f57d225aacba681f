//! A bound on the iterations of every loop, so that a shader whose trip
//! count comes from its input (`for (i = 0; i < data[id]; i++)`) finishes
//! on a GPU that, unlike a CPU driver, never stops a long loop. Validation
//! applies it to a shader and to its reference alike, so both stop at the
//! same iteration and their results stay comparable.

use naga::{BinaryOperator, Block, Expression, Handle, Literal, Module, Statement};

use super::{add_local, functions_mut, scalar_type, BlockBuilder};

/// Makes every loop of `module` leave after `max` iterations of its body:
/// a counter, zeroed where the loop starts, is read at the top of the body,
/// which breaks once it reaches `max`. A loop that every invocation of a
/// workgroup runs the same number of times stays so (each counter counts
/// the same), so barriers inside it stay in uniform control flow. Returns
/// how many loops were bounded.
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
                let counter = add_local(&mut *locals, "loop_iterations", u32_type, span);
                let mut before = BlockBuilder::new(&mut *expressions, span);
                let pointer = before.expr(Expression::LocalVariable(counter));
                let zero = before.expr(Expression::Literal(Literal::U32(0)));
                before.statement(Statement::Store {
                    pointer,
                    value: zero,
                });
                block.append(&mut before.finish());
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
    }
    bounded
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
    }

    #[test]
    fn a_module_without_loops_is_left_as_it_is() {
        let mut m = module("@compute @workgroup_size(1) fn main() { var x = 1; x += 1; }");
        let before = format!("{m:?}");
        assert_eq!(bound_loops(&mut m, 7), 0);
        assert_eq!(format!("{m:?}"), before);
    }
}
