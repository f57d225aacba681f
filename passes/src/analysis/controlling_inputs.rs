//! The values an entry point reads from its buffers and immediates that
//! decide how many times a loop runs or which element an index picks.
//!
//! Validation seeds a shader's inputs at random. A loop that runs as many
//! times as a seeded `u32` says (`fibonacci(values[i])`) then runs up to
//! 2³² times, and only the loop bound stops it; an index read from a
//! buffer lands past its array nearly always and reads the clamped last
//! element. Neither says much about the shader. Validation seeds the
//! integers this analysis finds with small values instead.
//!
//! A value controls when it reaches, through arithmetic, local variables,
//! calls and their results, the condition of a way out of a loop (a
//! `break`, `return` or `break_if` taken on it, as `ir::bound_loops` finds
//! them) or the index of an access (`a[i]`). It is found where it is read:
//! the global (storage, uniform or immediate) and the steps of the access
//! chain it was loaded through.

use std::collections::{BTreeSet, HashMap};

use naga::{
    AddressSpace, Block, Expression, Function, GlobalVariable, Handle, LocalVariable, Module,
    Statement,
};

use crate::ir::{child_blocks, for_each_statement, pointer_steps, visit_operands, PointerRoot};

/// A place of a global that a controlling value is read from.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ControllingInput {
    /// The buffer or immediate block.
    pub global: Handle<GlobalVariable>,
    /// The access chain the value was loaded through, from the global: a
    /// constant index (a struct member, an array element) or `None` for
    /// one chosen at run time. The load may be of a whole struct or array,
    /// whose every integer then counts.
    pub steps: Vec<Option<u32>>,
}

/// Where a value comes from.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
enum Source {
    Read(ControllingInput),
    Argument(u32),
}

/// What one function's values control: places it reads itself, and its
/// arguments.
#[derive(Default)]
struct Controls {
    reads: BTreeSet<ControllingInput>,
    arguments: BTreeSet<u32>,
}

/// The places of buffers and immediates whose values decide the trip
/// count of a loop or an index in entry point `entry` or the functions it
/// calls, sorted.
pub fn controlling_inputs(module: &Module, entry: usize) -> Vec<ControllingInput> {
    // naga has a function call only functions before it.
    let mut of_function: HashMap<Handle<Function>, Controls> = HashMap::new();
    for (handle, function) in module.functions.iter() {
        let controls = Flow::of(module, function).controls(&of_function);
        of_function.insert(handle, controls);
    }
    let entry_function = &module.entry_points[entry].function;
    let mut reads = Flow::of(module, entry_function)
        .controls(&of_function)
        .reads;
    for callee in crate::ir::functions_called_from(module, entry) {
        reads.extend(of_function[&callee].reads.iter().cloned());
    }
    reads.into_iter().collect()
}

/// The sources of every expression of one function.
struct Flow<'a> {
    module: &'a Module,
    function: &'a Function,
    sources: Vec<BTreeSet<Source>>,
    locals: HashMap<Handle<LocalVariable>, BTreeSet<Source>>,
}

impl<'a> Flow<'a> {
    fn of(module: &'a Module, function: &'a Function) -> Self {
        let mut call_arguments: HashMap<Handle<Expression>, Vec<Handle<Expression>>> =
            HashMap::new();
        for_each_statement(&function.body, &mut |statement, _| {
            if let Statement::Call {
                result: Some(result),
                ref arguments,
                ..
            } = *statement
            {
                call_arguments.insert(result, arguments.clone());
            }
        });
        let mut locals: HashMap<Handle<LocalVariable>, BTreeSet<Source>> = HashMap::new();
        loop {
            let sources = Self::expressions(module, function, &locals, &call_arguments);
            let mut changed = false;
            for_each_statement(&function.body, &mut |statement, _| {
                if let Statement::Store { pointer, value } = *statement {
                    let (root, _) = pointer_steps(&function.expressions, pointer);
                    if let PointerRoot::Local(local) = root {
                        let held = locals.entry(local).or_default();
                        let before = held.len();
                        held.extend(sources[value.index()].iter().cloned());
                        changed |= held.len() > before;
                    }
                }
            });
            if !changed {
                return Flow {
                    module,
                    function,
                    sources,
                    locals,
                };
            }
        }
    }

    fn expressions(
        module: &Module,
        function: &Function,
        locals: &HashMap<Handle<LocalVariable>, BTreeSet<Source>>,
        call_arguments: &HashMap<Handle<Expression>, Vec<Handle<Expression>>>,
    ) -> Vec<BTreeSet<Source>> {
        let mut sources: Vec<BTreeSet<Source>> = vec![BTreeSet::new(); function.expressions.len()];
        // Operands come before the expressions that use them.
        for (handle, expression) in function.expressions.iter() {
            let mut here = BTreeSet::new();
            match *expression {
                Expression::Load { pointer } => {
                    here = pointee_sources(module, function, locals, pointer);
                }
                Expression::FunctionArgument(index) => {
                    here.insert(Source::Argument(index));
                }
                Expression::CallResult(_) => {
                    for argument in call_arguments.get(&handle).into_iter().flatten() {
                        here.extend(sources[argument.index()].iter().cloned());
                    }
                }
                // Pointers are followed where they are loaded.
                Expression::LocalVariable(_) | Expression::GlobalVariable(_) => {}
                ref other => visit_operands(other, |operand| {
                    here.extend(sources[operand.index()].iter().cloned())
                }),
            }
            sources[handle.index()] = here;
        }
        sources
    }

    /// What the function's loop exits, indices and calls are decided by.
    fn controls(&self, callees: &HashMap<Handle<Function>, Controls>) -> Controls {
        let mut deciding: Vec<Handle<Expression>> = Vec::new();
        for (_, expression) in self.function.expressions.iter() {
            if let Expression::Access { index, .. } = *expression {
                deciding.push(index);
            }
        }
        for_each_statement(&self.function.body, &mut |statement, _| match *statement {
            Statement::Loop {
                ref body,
                ref continuing,
                break_if,
            } => {
                deciding.extend(break_if);
                for block in [body, continuing] {
                    exit_conditions(block, false, &mut deciding);
                }
            }
            Statement::Call {
                function,
                ref arguments,
                ..
            } => {
                if let Some(callee) = callees.get(&function) {
                    deciding.extend(callee.arguments.iter().map(|&i| arguments[i as usize]));
                }
            }
            _ => {}
        });
        let mut sources: BTreeSet<Source> = BTreeSet::new();
        for &e in &deciding {
            sources.extend(self.sources[e.index()].iter().cloned());
            // A pointer argument passes what it points to.
            if self.is_pointer(e) {
                sources.extend(pointee_sources(self.module, self.function, &self.locals, e));
            }
        }
        let mut controls = Controls::default();
        for source in &sources {
            match source {
                Source::Read(read) => {
                    controls.reads.insert(read.clone());
                }
                Source::Argument(index) => {
                    controls.arguments.insert(*index);
                }
            }
        }
        controls
    }
}

impl Flow<'_> {
    fn is_pointer(&self, e: Handle<Expression>) -> bool {
        matches!(
            self.function.expressions[e],
            Expression::LocalVariable(_)
                | Expression::GlobalVariable(_)
                | Expression::Access { .. }
                | Expression::AccessIndex { .. }
        ) && !matches!(
            pointer_steps(&self.function.expressions, e).0,
            PointerRoot::Other(_)
        )
    }
}

/// The sources of what `pointer` points to: what the local variable
/// holds, the place of a buffer or immediate, or a pointer argument.
fn pointee_sources(
    module: &Module,
    function: &Function,
    locals: &HashMap<Handle<LocalVariable>, BTreeSet<Source>>,
    pointer: Handle<Expression>,
) -> BTreeSet<Source> {
    let mut sources = BTreeSet::new();
    match pointer_steps(&function.expressions, pointer) {
        (PointerRoot::Local(local), _) => {
            sources.extend(locals.get(&local).into_iter().flatten().cloned());
        }
        (PointerRoot::Global(global), steps) => {
            let space = module.global_variables[global].space;
            if matches!(
                space,
                AddressSpace::Storage { .. } | AddressSpace::Uniform | AddressSpace::Immediate
            ) {
                sources.insert(Source::Read(ControllingInput { global, steps }));
            }
        }
        (PointerRoot::Argument(index), _) => {
            sources.insert(Source::Argument(index));
        }
        _ => {}
    }
    sources
}

/// The conditions of `block` (in a loop's body or continuing) on which a
/// way out of that loop is taken; `nested` inside an inner loop, whose
/// `break`s are its own.
fn exit_conditions(block: &Block, nested: bool, out: &mut Vec<Handle<Expression>>) -> bool {
    let mut exits = false;
    for statement in block.iter() {
        let here = match *statement {
            Statement::Break => !nested,
            Statement::Return { .. } | Statement::Kill => true,
            _ => false,
        };
        let inner = nested || matches!(statement, Statement::Loop { .. });
        let mut below = false;
        for child in child_blocks(statement) {
            below |= exit_conditions(child, inner, out);
        }
        if below {
            match *statement {
                Statement::If { condition, .. } => out.push(condition),
                Statement::Switch { selector, .. } => out.push(selector),
                _ => {}
            }
        }
        exits |= here || below;
    }
    exits
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(text: &str) -> Vec<String> {
        let module = naga::front::wgsl::parse_str(text).unwrap();
        controlling_inputs(&module, 0)
            .into_iter()
            .map(|c| {
                let name = module.global_variables[c.global].name.clone().unwrap();
                let steps: Vec<String> = c
                    .steps
                    .iter()
                    .map(|s| s.map_or("*".to_string(), |k| k.to_string()))
                    .collect();
                format!(
                    "{name}{}",
                    steps.iter().map(|s| format!(".{s}")).collect::<String>()
                )
            })
            .collect()
    }

    #[test]
    fn a_loop_count_read_through_a_call_controls() {
        let found = names(
            "struct Params { scale: f32, count: u32 }
             @group(0) @binding(0) var<uniform> params: Params;
             @group(0) @binding(1) var<storage, read_write> values: array<u32>;
             fn fibonacci(n: u32) -> u32 {
                 var a = 0u; var b = 1u;
                 for (var i = 0u; i < n; i++) { let t = a + b; a = b; b = t; }
                 return a;
             }
             @compute @workgroup_size(64)
             fn main(@builtin(global_invocation_id) id: vec3<u32>) {
                 values[id.x] = fibonacci(values[id.x]) + u32(params.scale);
                 var k = params.count;
                 loop { if k == 0u { break; } k -= 1u; }
             }",
        );
        // `values[id.x]`, loaded at a run-time index; `params.count`; the
        // float `scale` decides nothing.
        assert_eq!(found, ["params.1", "values.*"]);
    }

    #[test]
    fn an_index_read_from_a_buffer_controls_and_stored_data_does_not() {
        let found = names(
            "@group(0) @binding(0) var<storage, read> picks: array<u32, 64>;
             @group(0) @binding(1) var<storage, read> data: array<f32>;
             @group(0) @binding(2) var<storage, read_write> out: array<f32>;
             @compute @workgroup_size(64)
             fn main(@builtin(local_invocation_index) i: u32) {
                 out[i] = data[picks[i]] * data[i];
             }",
        );
        assert_eq!(found, ["picks.*"]);
    }

    #[test]
    fn a_count_passed_by_pointer_controls() {
        // As glslang writes GLSL's `fibonacci(values[index])`: the value
        // copied into a local passed by pointer.
        let found = names(
            "@group(0) @binding(0) var<storage, read_write> values: array<u32>;
             fn fibonacci(n: ptr<function, u32>) -> u32 {
                 var a = 0u;
                 for (var i = 0u; i < *n; i++) { a += i; }
                 return a;
             }
             @compute @workgroup_size(1)
             fn main(@builtin(global_invocation_id) id: vec3<u32>) {
                 var param = values[id.x];
                 values[id.x] = fibonacci(&param);
             }",
        );
        assert_eq!(found, ["values.*"]);
    }

    #[test]
    fn a_for_loop_bounded_by_a_buffer_value_controls() {
        let found = names(
            "@group(0) @binding(0) var<storage, read> counts: array<u32>;
             @group(0) @binding(1) var<storage, read_write> out: array<u32>;
             @compute @workgroup_size(64)
             fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
                 var total = 0u;
                 for (var k = 0u; k < counts[gid.x]; k++) { total += 1u; }
                 out[gid.x] = total;
             }",
        );
        assert_eq!(found, ["counts.*"]);
    }

    #[test]
    fn a_loop_of_constants_decides_nothing() {
        let found = names(
            "@group(0) @binding(0) var<storage, read_write> out: array<u32, 8>;
             @compute @workgroup_size(1)
             fn main() {
                 for (var i = 0u; i < 8u; i++) { out[i] = out[i] + 1u; }
             }",
        );
        assert!(found.is_empty(), "{found:?}");
    }
}
