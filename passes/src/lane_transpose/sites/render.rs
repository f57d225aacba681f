//! A record index written out as the notes and reports show it: the
//! built-ins by their WGSL names (`global_invocation_id.y`, whatever the
//! argument is called), `let`s and variables by their names, constants by
//! their values or names.

use naga::{
    BinaryOperator, Binding, BuiltIn, Expression, Function, Handle, Literal, Module, ScalarKind,
    TypeInner,
};

/// How deep an index is written out; below, `…` stands for the rest.
const MAX_DEPTH: usize = 8;

/// `h`, an integer expression of `function`, written out, by what it is
/// computed from where a `let` names it.
pub fn render(module: &Module, function: &Function, h: Handle<Expression>) -> String {
    Renderer { module, function }.expression(h, 0, true)
}

/// `h` written out, by its name where a `let` names it.
pub fn render_named(module: &Module, function: &Function, h: Handle<Expression>) -> String {
    Renderer { module, function }.expression(h, 0, false)
}

/// The WGSL name of a built-in the record index may read.
pub fn builtin_name(builtin: BuiltIn) -> Option<&'static str> {
    Some(match builtin {
        BuiltIn::GlobalInvocationId => "global_invocation_id",
        BuiltIn::WorkGroupId => "workgroup_id",
        BuiltIn::LocalInvocationId => "local_invocation_id",
        BuiltIn::LocalInvocationIndex => "local_invocation_index",
        BuiltIn::NumWorkGroups => "num_workgroups",
        BuiltIn::SubgroupInvocationId => "subgroup_invocation_id",
        BuiltIn::SubgroupId => "subgroup_id",
        _ => return None,
    })
}

struct Renderer<'a> {
    module: &'a Module,
    function: &'a Function,
}

impl Renderer<'_> {
    /// `top` is the index itself, which is written out even where a `let`
    /// names it: the note is about what the name stands for.
    fn expression(&self, h: Handle<Expression>, depth: usize, top: bool) -> String {
        if depth > MAX_DEPTH {
            return "…".into();
        }
        if let Some(name) = self.builtin(h) {
            return name;
        }
        if !top {
            if let Some(name) = self.function.named_expressions.get(&h) {
                return name.clone();
            }
        }
        let e = &self.function.expressions;
        let operand = |h, parent: Option<BinaryOperator>, right: bool| {
            let text = self.expression(h, depth + 1, false);
            match (parent, &e[h]) {
                (Some(parent), &Expression::Binary { op, .. })
                    if !self.function.named_expressions.contains_key(&h)
                        && self.builtin(h).is_none()
                        && needs_parentheses(parent, op, right) =>
                {
                    format!("({text})")
                }
                _ => text,
            }
        };
        match e[h] {
            Expression::Literal(ref l) => literal(l),
            Expression::Constant(c) => {
                let constant = &self.module.constants[c];
                match (
                    &constant.name,
                    &self.module.global_expressions[constant.init],
                ) {
                    (Some(name), _) => name.clone(),
                    (None, Expression::Literal(l)) => literal(l),
                    _ => "a constant".into(),
                }
            }
            Expression::Override(o) => self.module.overrides[o]
                .name
                .clone()
                .unwrap_or_else(|| "an override".into()),
            Expression::Binary { op, left, right } => match symbol(op) {
                Some(symbol) => format!(
                    "{} {symbol} {}",
                    operand(left, Some(op), false),
                    operand(right, Some(op), true)
                ),
                None => "…".into(),
            },
            Expression::As {
                expr,
                kind,
                convert,
            } => {
                let name = match (kind, convert) {
                    (ScalarKind::Uint, _) => "u32",
                    (ScalarKind::Sint, _) => "i32",
                    (ScalarKind::Float, _) => "f32",
                    (ScalarKind::Bool, _) => "bool",
                    _ => return "…".into(),
                };
                let inner = self.expression(expr, depth + 1, false);
                match convert {
                    None => format!("bitcast<{name}>({inner})"),
                    Some(_) => format!("{name}({inner})"),
                }
            }
            Expression::Load { pointer } => self.expression(pointer, depth + 1, false),
            Expression::GlobalVariable(g) => self.module.global_variables[g]
                .name
                .clone()
                .unwrap_or_else(|| "a global".into()),
            Expression::LocalVariable(l) => self.function.local_variables[l]
                .name
                .clone()
                .unwrap_or_else(|| "a local".into()),
            Expression::FunctionArgument(n) => self.function.arguments[n as usize]
                .name
                .clone()
                .unwrap_or_else(|| "an argument".into()),
            Expression::AccessIndex { base, index } => {
                let base_text = operand(base, None, false);
                match self.member_name(base, index) {
                    Some(member) => format!("{base_text}.{member}"),
                    None => format!("{base_text}[{index}]"),
                }
            }
            Expression::Access { base, index } => format!(
                "{}[{}]",
                operand(base, None, false),
                self.expression(index, depth + 1, false)
            ),
            Expression::ArrayLength(p) => {
                format!("arrayLength(&{})", self.expression(p, depth + 1, false))
            }
            Expression::CallResult(f) => format!(
                "{}(…)",
                self.module.functions[f].name.as_deref().unwrap_or("a call")
            ),
            _ => "…".into(),
        }
    }

    /// `gid.x` as `global_invocation_id.x`, `lidx` as
    /// `local_invocation_index`.
    fn builtin(&self, h: Handle<Expression>) -> Option<String> {
        let e = &self.function.expressions;
        let binding = |h: Handle<Expression>| -> Option<BuiltIn> {
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
        if let Some(name) = binding(h).and_then(builtin_name) {
            return Some(name.to_string());
        }
        match e[h] {
            Expression::AccessIndex { base, index } => {
                let name = binding(base).and_then(builtin_name)?;
                Some(format!("{name}.{}", component(index)?))
            }
            _ => None,
        }
    }

    /// The name of member `index` of what `base` is or points to.
    fn member_name(&self, base: Handle<Expression>, index: u32) -> Option<String> {
        let ty = self.type_of(base)?;
        match self.module.types[ty].inner {
            TypeInner::Struct { ref members, .. } => members.get(index as usize)?.name.clone(),
            TypeInner::Vector { .. } => component(index).map(str::to_string),
            _ => None,
        }
    }

    /// The type of the value `h` is, or points to, where it is a variable,
    /// an argument, or a member of one.
    fn type_of(&self, h: Handle<Expression>) -> Option<Handle<naga::Type>> {
        let e = &self.function.expressions;
        match e[h] {
            Expression::GlobalVariable(g) => Some(self.module.global_variables[g].ty),
            Expression::LocalVariable(l) => Some(self.function.local_variables[l].ty),
            Expression::FunctionArgument(n) => Some(self.function.arguments[n as usize].ty),
            Expression::Load { pointer } => self.type_of(pointer),
            Expression::AccessIndex { base, index } => {
                match self.module.types[self.type_of(base)?].inner {
                    TypeInner::Struct { ref members, .. } => Some(members.get(index as usize)?.ty),
                    TypeInner::Array { base, .. } => Some(base),
                    _ => None,
                }
            }
            Expression::Access { base, .. } => match self.module.types[self.type_of(base)?].inner {
                TypeInner::Array { base, .. } => Some(base),
                _ => None,
            },
            _ => None,
        }
    }
}

fn component(index: u32) -> Option<&'static str> {
    ["x", "y", "z", "w"].get(index as usize).copied()
}

fn literal(l: &Literal) -> String {
    match *l {
        Literal::U32(v) => format!("{v}u"),
        Literal::I32(v) => format!("{v}i"),
        Literal::AbstractInt(v) => v.to_string(),
        Literal::F32(v) => format!("{v:?}"),
        Literal::Bool(v) => v.to_string(),
        _ => "a literal".into(),
    }
}

fn symbol(op: BinaryOperator) -> Option<&'static str> {
    use BinaryOperator as B;
    Some(match op {
        B::Add => "+",
        B::Subtract => "-",
        B::Multiply => "*",
        B::Divide => "/",
        B::Modulo => "%",
        B::ShiftLeft => "<<",
        B::ShiftRight => ">>",
        B::And => "&",
        B::InclusiveOr => "|",
        B::ExclusiveOr => "^",
        _ => return None,
    })
}

/// Whether an operand `op` of `parent` is written in parentheses: a sum in
/// a product, an operand of the same rank on the right (as the source
/// must have had them), shifts and bit operations always.
fn needs_parentheses(parent: BinaryOperator, op: BinaryOperator, right: bool) -> bool {
    use BinaryOperator as B;
    let rank = |op| match op {
        B::Multiply | B::Divide | B::Modulo => 2,
        B::Add | B::Subtract => 1,
        _ => 0,
    };
    match (rank(parent), rank(op)) {
        // Shifts and bit operations: WGSL wants them parenthesised.
        (0, _) | (_, 0) => true,
        (p, o) if o < p => true,
        // `a - (b + c)`, `a / (b * c)`, and `a + (b + c)` as written.
        (p, o) => o == p && right,
    }
}
