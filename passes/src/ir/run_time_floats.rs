//! Float values that a module cannot hold as constants, computed at run
//! time from their bits instead.
//!
//! naga's IR refuses infinite and NaN f32 and f64 literals, yet SPIR-V
//! constants (glslang folds `1.0 / 0.0`) hold them; WGSL constant
//! evaluation may drop the sign of a zero. Each such literal becomes
//! `bitcast<f32>(bits)` (converted to its own width), built in the
//! functions that use it. A module-scope constant that holds one is built
//! in each function that uses the constant, and a private variable's
//! initialiser that holds one becomes a store at the start of every entry
//! point that reaches the variable. So does an operation that WGSL
//! evaluates as a constant and whose value is such a float
//! ([`Folds::float`], [`Folds::vector`]); an integer operation of that
//! kind that overflows becomes the value the run time computes
//! ([`Folds::overflowing_integer`]).

use std::collections::{HashMap, HashSet};

use naga::{Expression, Function, Handle, Literal, Module, ScalarKind, Span, Statement};

use super::folding::Folds;
use super::{for_each_statement, functions, functions_mut, substitute_uses, BlockBuilder};

/// The f32 bits that stand for a float literal: its own for an f32, those
/// of the f32 it converts from for an f16 or f64 (exact for zeros and
/// infinities; a NaN stays a NaN).
pub fn f32_bits_of(literal: Literal) -> Option<u32> {
    Some(match literal {
        Literal::F32(v) => v.to_bits(),
        Literal::F16(v) => f32::from(v).to_bits(),
        Literal::F64(v) => (v as f32).to_bits(),
        _ => return None,
    })
}

/// Rewrites every literal `at_run_time` selects as described in the
/// module documentation, and returns whether anything changed. An
/// override's default is left as it is: it has no run time to move to.
pub fn compute_floats_at_run_time(
    module: &mut Module,
    at_run_time: &dyn Fn(Literal) -> bool,
) -> Result<bool, String> {
    let tainted = tainted_global_expressions(module, at_run_time);
    if !uses_tainted(module, at_run_time, &tainted) {
        return Ok(false);
    }
    let initialised: Vec<Handle<naga::GlobalVariable>> = module
        .global_variables
        .iter()
        .filter(|(_, g)| g.init.is_some_and(|i| tainted.contains(&i)))
        .map(|(h, _)| h)
        .collect();
    let snapshot = module.clone();
    let globals = module.global_expressions.clone();
    let constants = module.constants.clone();
    let materialiser = Materialiser {
        module: &snapshot,
        globals: &globals,
        constants: &constants,
        tainted: &tainted,
        at_run_time,
    };
    // Initialisers moved into the entry points that reach their variable.
    let mut stores: Vec<(Handle<naga::GlobalVariable>, Handle<Expression>)> = Vec::new();
    for &global in &initialised {
        let init = module.global_variables[global]
            .init
            .take()
            .expect("initialised");
        stores.push((global, init));
    }
    let reached = reached_globals(module);
    let first_entry_point = module.functions.len();
    for (index, function) in functions_mut(module).enumerate() {
        let initialise: Vec<_> = if index >= first_entry_point {
            stores
                .iter()
                .filter(|(g, _)| reached[index].contains(g))
                .copied()
                .collect()
        } else {
            Vec::new()
        };
        materialiser.rewrite(function, &initialise)?;
    }
    // Constants that held such values are no longer used by functions;
    // without a name, compaction drops them.
    for (_, constant) in module.constants.iter_mut() {
        if tainted.contains(&constant.init) {
            constant.name = None;
        }
    }
    naga::compact::compact(module, naga::compact::KeepUnused::Yes);
    Ok(true)
}

/// Whether a function uses a literal `at_run_time` selects (itself or in
/// a constant), or a global variable is initialised with one.
pub fn has_floats_for_run_time(module: &Module, at_run_time: &dyn Fn(Literal) -> bool) -> bool {
    uses_tainted(
        module,
        at_run_time,
        &tainted_global_expressions(module, at_run_time),
    )
}

fn uses_tainted(
    module: &Module,
    at_run_time: &dyn Fn(Literal) -> bool,
    tainted: &HashSet<Handle<Expression>>,
) -> bool {
    let in_functions = functions(module).any(|f| {
        let folds = Folds::of(module, &f.expressions);
        f.expressions.iter().any(|(h, e)| match *e {
            Expression::Literal(l) => at_run_time(l),
            Expression::Constant(c) => tainted.contains(&module.constants[c].init),
            _ => {
                folds.float(h).is_some_and(at_run_time)
                    || folds
                        .vector(h)
                        .is_some_and(|(_, ls)| ls.into_iter().any(at_run_time))
                    || folds.overflowing_integer(h).is_some()
            }
        })
    });
    in_functions
        || module
            .global_variables
            .iter()
            .any(|(_, g)| g.init.is_some_and(|i| tainted.contains(&i)))
}

/// Global expressions that hold (through constants, composes and splats)
/// a literal `at_run_time` selects.
fn tainted_global_expressions(
    module: &Module,
    at_run_time: &dyn Fn(Literal) -> bool,
) -> HashSet<Handle<Expression>> {
    let mut tainted = HashSet::new();
    // Operands come before their users in the arena.
    for (h, e) in module.global_expressions.iter() {
        let holds = match *e {
            Expression::Literal(l) => at_run_time(l),
            Expression::Constant(c) => tainted.contains(&module.constants[c].init),
            Expression::Compose { ref components, .. } => {
                components.iter().any(|c| tainted.contains(c))
            }
            Expression::Splat { value, .. } => tainted.contains(&value),
            _ => false,
        };
        if holds {
            tainted.insert(h);
        }
    }
    tainted
}

/// For each function (module functions first, then entry points), the
/// global variables it or a function it calls names.
fn reached_globals(module: &Module) -> Vec<HashSet<Handle<naga::GlobalVariable>>> {
    let direct = |f: &Function| -> HashSet<Handle<naga::GlobalVariable>> {
        f.expressions
            .iter()
            .filter_map(|(_, e)| match *e {
                Expression::GlobalVariable(g) => Some(g),
                _ => None,
            })
            .collect()
    };
    let callees = |f: &Function| -> Vec<Handle<Function>> {
        let mut called = Vec::new();
        for_each_statement(&f.body, &mut |s, _| {
            if let Statement::Call { function, .. } = *s {
                called.push(function);
            }
        });
        called
    };
    // A callee precedes its callers in the arena.
    let mut of_function: HashMap<Handle<Function>, HashSet<Handle<naga::GlobalVariable>>> =
        HashMap::new();
    for (h, f) in module.functions.iter() {
        let mut set = direct(f);
        for callee in callees(f) {
            if let Some(theirs) = of_function.get(&callee) {
                set.extend(theirs.iter().copied());
            }
        }
        of_function.insert(h, set);
    }
    let mut out: Vec<_> = module
        .functions
        .iter()
        .map(|(h, _)| of_function[&h].clone())
        .collect();
    for ep in &module.entry_points {
        let mut set = direct(&ep.function);
        for callee in callees(&ep.function) {
            set.extend(of_function[&callee].iter().copied());
        }
        out.push(set);
    }
    out
}

/// A value a function reads at run time.
enum RunTime {
    Literal(Literal),
    Constant(Handle<naga::Constant>),
    /// A vector of this type with these components.
    Vector(Handle<naga::Type>, Vec<Literal>),
}

struct Materialiser<'m> {
    /// The module before the rewrite, for the constants operations read.
    module: &'m Module,
    globals: &'m naga::Arena<Expression>,
    constants: &'m naga::Arena<naga::Constant>,
    tainted: &'m HashSet<Handle<Expression>>,
    at_run_time: &'m dyn Fn(Literal) -> bool,
}

impl Materialiser<'_> {
    /// Builds the function's values at its start, replaces their uses,
    /// and stores the initialisers given.
    fn rewrite(
        &self,
        function: &mut Function,
        initialise: &[(Handle<naga::GlobalVariable>, Handle<Expression>)],
    ) -> Result<(), String> {
        let folds = Folds::of(self.module, &function.expressions);
        let found: Vec<(Handle<Expression>, RunTime)> = function
            .expressions
            .iter()
            .filter_map(|(h, e)| match *e {
                Expression::Literal(l) => (self.at_run_time)(l).then_some((h, RunTime::Literal(l))),
                Expression::Constant(c) => self
                    .tainted
                    .contains(&self.constants[c].init)
                    .then_some((h, RunTime::Constant(c))),
                // An operation WGSL evaluates as a constant, whose value
                // is one to read at run time: its value, read at run time.
                _ => self.folded(&folds, h).map(|value| (h, value)),
            })
            .collect();
        if found.is_empty() && initialise.is_empty() {
            return Ok(());
        }
        let mut built: HashMap<Handle<Expression>, Handle<Expression>> = HashMap::new();
        let mut b = BlockBuilder::new(&mut function.expressions, Span::UNDEFINED);
        let mut substitutions = HashMap::new();
        for (h, e) in &found {
            let value = match *e {
                RunTime::Literal(l) => self.literal(&mut b, l),
                RunTime::Constant(c) => self.global(&mut b, self.constants[c].init, &mut built)?,
                RunTime::Vector(ty, ref components) => {
                    let components = components
                        .iter()
                        .map(|&l| self.literal(&mut b, l))
                        .collect();
                    b.expr(Expression::Compose { ty, components })
                }
            };
            substitutions.insert(*h, value);
        }
        for &(global, init) in initialise {
            let value = self.global(&mut b, init, &mut built)?;
            let pointer = b.expr(Expression::GlobalVariable(global));
            b.statement(Statement::Store { pointer, value });
        }
        // A local's initialiser is a const-expression, evaluated where
        // the function starts: one that holds such a value becomes a store
        // there.
        for (local, variable) in function.local_variables.iter_mut() {
            let Some(init) = variable.init else {
                continue;
            };
            let value = rebuilt_with(&mut b, init, &substitutions);
            if value == init {
                continue;
            }
            variable.init = None;
            let pointer = b.expr(Expression::LocalVariable(local));
            b.statement(Statement::Store { pointer, value });
        }
        let mut prelude = b.finish();
        for h in substitutions.keys() {
            function.named_expressions.shift_remove(h);
        }
        substitute_uses(
            &mut function.expressions,
            &mut function.body,
            &substitutions,
        )
        .map_err(|e| format!("cannot compute a float at run time: {}", e.0))?;
        let body = std::mem::take(&mut function.body);
        for (statement, span) in body.span_into_iter() {
            prelude.push(statement, span);
        }
        function.body = prelude;
        Ok(())
    }

    /// The value of an operation WGSL evaluates as a constant, where it
    /// is one to read at run time (or, for a vector, holds one): a literal,
    /// or the components of a vector.
    fn folded(&self, folds: &Folds, h: Handle<Expression>) -> Option<RunTime> {
        if let Some(l) = folds.float(h) {
            return (self.at_run_time)(l).then_some(RunTime::Literal(l));
        }
        // An integer one is a plain literal: its value is what the run
        // time computes, and one WGSL can spell.
        if let Some(l) = folds.overflowing_integer(h) {
            return Some(RunTime::Literal(l));
        }
        let (size, components) = folds.vector(h)?;
        if !components.iter().any(|&l| (self.at_run_time)(l)) {
            return None;
        }
        // A vector operation's type is declared wherever one of its
        // operands was built.
        let ty = self.module.types.get(&naga::Type {
            name: None,
            inner: naga::TypeInner::Vector {
                size,
                scalar: components[0].scalar(),
            },
        })?;
        Some(RunTime::Vector(ty, components))
    }

    /// `bitcast<f32>(bits)`, converted to the literal's width; other
    /// literals as they are.
    fn literal(&self, b: &mut BlockBuilder<'_>, literal: Literal) -> Handle<Expression> {
        let bits = match f32_bits_of(literal) {
            Some(bits) if (self.at_run_time)(literal) => bits,
            _ => return b.expr(Expression::Literal(literal)),
        };
        let word = b.u32(bits);
        let value = b.bitcast(word, ScalarKind::Float);
        match literal.scalar().width {
            4 => value,
            width => b.expr(Expression::As {
                expr: value,
                kind: ScalarKind::Float,
                convert: Some(width),
            }),
        }
    }

    /// A global expression's value, built in the function.
    fn global(
        &self,
        b: &mut BlockBuilder<'_>,
        expression: Handle<Expression>,
        built: &mut HashMap<Handle<Expression>, Handle<Expression>>,
    ) -> Result<Handle<Expression>, String> {
        if let Some(&done) = built.get(&expression) {
            return Ok(done);
        }
        let value = match self.globals[expression] {
            Expression::Literal(l) => self.literal(b, l),
            Expression::Constant(c) => self.global(b, self.constants[c].init, built)?,
            Expression::ZeroValue(ty) => b.expr(Expression::ZeroValue(ty)),
            Expression::Compose { ty, ref components } => {
                let components = components
                    .iter()
                    .map(|&c| self.global(b, c, built))
                    .collect::<Result<Vec<_>, _>>()?;
                b.expr(Expression::Compose { ty, components })
            }
            Expression::Splat { size, value } => {
                let value = self.global(b, value, built)?;
                b.expr(Expression::Splat { size, value })
            }
            ref other => {
                return Err(format!(
                    "cannot build this module-scope value in a function: {other:?}"
                ))
            }
        };
        built.insert(expression, value);
        Ok(value)
    }
}

/// A function's const-expression with `substitutions` made in it (through
/// composes and splats), built anew where anything changed.
fn rebuilt_with(
    b: &mut BlockBuilder<'_>,
    expression: Handle<Expression>,
    substitutions: &HashMap<Handle<Expression>, Handle<Expression>>,
) -> Handle<Expression> {
    if let Some(&value) = substitutions.get(&expression) {
        return value;
    }
    match b.expressions()[expression].clone() {
        Expression::Compose { ty, components } => {
            let rebuilt: Vec<_> = components
                .iter()
                .map(|&c| rebuilt_with(b, c, substitutions))
                .collect();
            if rebuilt == components {
                return expression;
            }
            b.expr(Expression::Compose {
                ty,
                components: rebuilt,
            })
        }
        Expression::Splat { size, value } => {
            let rebuilt = rebuilt_with(b, value, substitutions);
            if rebuilt == value {
                return expression;
            }
            b.expr(Expression::Splat {
                size,
                value: rebuilt,
            })
        }
        _ => expression,
    }
}
