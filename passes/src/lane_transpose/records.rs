//! Storage arrays as `lane-transpose` sees them: arrays of 32-bit words,
//! `k` of which make a record.
//!
//! An array of structs of `k` 32-bit scalars is rewritten first into an
//! `array<u32>` with the same bytes ([`flatten`]), so that the rest of the
//! pass only deals with word arrays: a record's load becomes `k` word
//! loads, its store `k` word stores at `k * i + c`.

use std::collections::{HashMap, HashSet};

use naga::{
    AddressSpace, Arena, ArraySize, BinaryOperator, Expression, Function, GlobalVariable, Handle,
    Module, Scalar, ScalarKind, Span, Statement, Type, TypeInner,
};

use crate::ir::{
    ensure_type, expression_scalars, rebuild_function, BlockBuilder, Rewrite, Unsupported,
};

/// The fewest and most words a record may have.
pub const MIN_WORDS: u32 = 2;
pub const MAX_WORDS: u32 = 16;

/// A member of a record: a 32-bit scalar or a vector of them, at a word
/// offset.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Member {
    pub ty: Handle<Type>,
    /// The first word.
    pub word: u32,
    pub scalar: Scalar,
    /// 1 for a scalar, the size of a vector.
    pub components: u32,
    pub vector: bool,
}

/// How a storage array holds its words.
#[derive(Clone, Debug, PartialEq)]
pub enum Layout {
    /// `array<f32 | u32 | i32>`.
    Words(Scalar),
    /// `array<S>`, `S` a struct of 32-bit scalars and vectors of them,
    /// `words` to a record (its array stride over 4); the words no member
    /// covers are padding (after a `vec3`, or before a `vec4`).
    Records {
        struct_ty: Handle<Type>,
        words: u32,
        members: Vec<Member>,
    },
}

impl Layout {
    /// The words of a record that no member holds.
    pub fn padding(&self) -> Vec<u32> {
        match *self {
            Layout::Words(_) => Vec::new(),
            Layout::Records {
                words, ref members, ..
            } => (0..words)
                .filter(|&w| {
                    !members
                        .iter()
                        .any(|m| (m.word..m.word + m.components).contains(&w))
                })
                .collect(),
        }
    }
}

/// The array a storage global holds, and where: the global itself
/// (`None`), or the last member of its block struct (`Some(member)`), a
/// runtime-sized array, as GLSL's `buffer B { uint n; T a[]; }` declares.
pub fn storage_array(
    module: &Module,
    global: &GlobalVariable,
) -> Option<(Handle<Type>, Option<u32>)> {
    if !matches!(global.space, AddressSpace::Storage { .. }) {
        return None;
    }
    match module.types[global.ty].inner {
        TypeInner::Array { .. } => Some((global.ty, None)),
        TypeInner::Struct { ref members, .. } => {
            let last = members.last()?;
            matches!(
                module.types[last.ty].inner,
                TypeInner::Array {
                    size: ArraySize::Dynamic,
                    ..
                }
            )
            .then(|| (last.ty, Some(members.len() as u32 - 1)))
        }
        _ => None,
    }
}

/// The global whose [`storage_array`] `pointer` is: `g`, or `g.member`.
pub fn array_global(
    module: &Module,
    expressions: &Arena<Expression>,
    pointer: Handle<Expression>,
) -> Option<Handle<GlobalVariable>> {
    let (global, member) = match expressions[pointer] {
        Expression::GlobalVariable(g) => (g, None),
        Expression::AccessIndex { base, index } => match expressions[base] {
            Expression::GlobalVariable(g) => (g, Some(index)),
            _ => return None,
        },
        _ => return None,
    };
    let (_, holds) = storage_array(module, &module.global_variables[global])?;
    (holds == member).then_some(global)
}

/// The layout of a storage global that is an array of words or of records
/// of words, or a block whose last member is one; `None` for anything
/// else.
/// The layout of every global of `module` that has one, computed once for
/// a module that does not change while it is read.
pub fn layouts(module: &Module) -> HashMap<Handle<GlobalVariable>, Layout> {
    module
        .global_variables
        .iter()
        .filter_map(|(handle, global)| Some((handle, layout(module, global)?)))
        .collect()
}

pub fn layout(module: &Module, global: &GlobalVariable) -> Option<Layout> {
    let (array_ty, _) = storage_array(module, global)?;
    let TypeInner::Array { base, stride, size } = module.types[array_ty].inner else {
        return None;
    };
    if matches!(size, ArraySize::Pending(_)) {
        return None;
    }
    match module.types[base].inner {
        TypeInner::Scalar(s) if is_word(s) && stride == 4 => Some(Layout::Words(s)),
        TypeInner::Struct { ref members, .. } => {
            let words = stride / 4;
            if stride % 4 != 0 || !(MIN_WORDS..=MAX_WORDS).contains(&words) {
                return None;
            }
            let members = members
                .iter()
                .map(|m| {
                    let (scalar, components, vector) = match module.types[m.ty].inner {
                        TypeInner::Scalar(s) => (s, 1, false),
                        TypeInner::Vector { size, scalar } => (scalar, size as u32, true),
                        _ => return None,
                    };
                    (is_word(scalar) && m.offset % 4 == 0).then_some(Member {
                        ty: m.ty,
                        word: m.offset / 4,
                        scalar,
                        components,
                        vector,
                    })
                })
                .collect::<Option<Vec<_>>>()?;
            Some(Layout::Records {
                struct_ty: base,
                words,
                members,
            })
        }
        _ => None,
    }
}

fn is_word(s: Scalar) -> bool {
    s.width == 4
        && matches!(
            s.kind,
            ScalarKind::Float | ScalarKind::Uint | ScalarKind::Sint
        )
}

/// Why the accesses to `global` in `function` cannot all be rewritten as
/// word accesses; `None` when they can. `members` are its records'.
pub fn unflattenable_use(
    function: &Function,
    global: Handle<GlobalVariable>,
    array_member: Option<u32>,
    members: &[Member],
) -> Option<&'static str> {
    #[derive(Clone, Copy, PartialEq)]
    enum Kind {
        /// The block struct that holds the array as its member.
        Block,
        Array,
        Record,
        Member {
            vector: bool,
        },
        Component,
    }
    let mut kinds: HashMap<Handle<Expression>, Kind> = HashMap::new();
    for (h, x) in function.expressions.iter() {
        let kind = match *x {
            Expression::GlobalVariable(g) if g == global => Some(match array_member {
                Some(_) => Kind::Block,
                None => Kind::Array,
            }),
            Expression::Access { base, .. } => match kinds.get(&base) {
                Some(Kind::Array) => Some(Kind::Record),
                _ => None,
            },
            Expression::AccessIndex { base, index } => match kinds.get(&base) {
                Some(Kind::Block) => (Some(index) == array_member).then_some(Kind::Array),
                Some(Kind::Array) => Some(Kind::Record),
                Some(Kind::Record) => Some(Kind::Member {
                    vector: members.get(index as usize).is_some_and(|m| m.vector),
                }),
                Some(Kind::Member { vector: true }) => Some(Kind::Component),
                _ => None,
            },
            _ => None,
        };
        if let Some(kind) = kind {
            kinds.insert(h, kind);
        }
    }
    // A pointer may only be narrowed, loaded from or stored through.
    for (_, x) in function.expressions.iter() {
        let allowed = match *x {
            Expression::Access { base, .. } => !matches!(
                kinds.get(&base),
                Some(Kind::Record | Kind::Member { .. } | Kind::Component)
            ),
            Expression::AccessIndex { base, .. } => !matches!(
                kinds.get(&base),
                Some(Kind::Member { vector: false } | Kind::Component)
            ),
            Expression::Load { pointer } => {
                !matches!(kinds.get(&pointer), Some(Kind::Array | Kind::Block))
            }
            Expression::ArrayLength(_) => true,
            ref other => {
                let mut uses = false;
                crate::ir::visit_operands(other, |h| uses |= kinds.contains_key(&h));
                !uses
            }
        };
        if !allowed {
            return Some(
                "a pointer into it is used other than to load or store a record, a member or a component by a constant index",
            );
        }
    }
    let mut passed = false;
    crate::ir::for_each_statement(&function.body, &mut |s, _| {
        if let Statement::Store { pointer, value } = *s {
            passed |= matches!(kinds.get(&pointer), Some(Kind::Array | Kind::Block))
                || kinds.contains_key(&value);
            return;
        }
        let mut uses = false;
        let known = crate::ir::visit_statement_operands(s, |h| uses |= kinds.contains_key(&h));
        passed |= uses || known.is_err();
    });
    passed.then_some("a pointer into it is passed to a call or an atomic, or stored whole")
}

/// Rewrites `global`, an array of records, as the `array<u32>` of the same
/// bytes, and every access to it in `function` as word accesses. A record
/// stored whole writes its members' words, not its padding.
pub fn flatten(
    module: &mut Module,
    function: &mut Function,
    global: Handle<GlobalVariable>,
    span: Span,
) -> Result<(), Unsupported> {
    let Some(Layout::Records {
        struct_ty,
        words,
        members,
    }) = layout(module, &module.global_variables[global])
    else {
        return Err(Unsupported("not an array of records"));
    };
    let (array_ty, array_member) = storage_array(module, &module.global_variables[global])
        .expect("a global with a layout holds an array");
    let TypeInner::Array { size, .. } = module.types[array_ty].inner else {
        unreachable!()
    };
    let words_size = match size {
        ArraySize::Constant(n) => {
            let all = n
                .get()
                .checked_mul(words)
                .and_then(std::num::NonZeroU32::new)
                .ok_or(Unsupported("the array is too long to hold as words"))?;
            ArraySize::Constant(all)
        }
        other => other,
    };
    let u32_ty = ensure_type(&mut module.types, TypeInner::Scalar(Scalar::U32));
    let words_ty = module.types.insert(
        Type {
            name: None,
            inner: TypeInner::Array {
                base: u32_ty,
                size: words_size,
                stride: 4,
            },
        },
        span,
    );
    // A block keeps its other members and their offsets; only the array
    // member changes type, to words of the same bytes.
    let global_ty = match array_member {
        None => words_ty,
        Some(m) => {
            let block = &module.types[module.global_variables[global].ty];
            let TypeInner::Struct {
                members: ref block_members,
                span: block_span,
            } = block.inner
            else {
                unreachable!("a block holds the array")
            };
            let mut block_members = block_members.clone();
            block_members[m as usize].ty = words_ty;
            let name = block.name.clone();
            module.types.insert(
                Type {
                    name,
                    inner: TypeInner::Struct {
                        members: block_members,
                        span: block_span,
                    },
                },
                span,
            )
        }
    };
    let signed_records = signed_record_accesses(module, function, global).ok_or(Unsupported(
        "the types of the entry point's expressions do not resolve",
    ))?;
    let mut rewrite = Flatten {
        global,
        array_member,
        struct_ty,
        words,
        members,
        pointers: HashMap::new(),
        signed_records,
    };
    rebuild_function(function, &mut rewrite)?;
    module.global_variables[global].ty = global_ty;
    Ok(())
}

/// What a rebuilt pointer into the flattened array stands for.
#[derive(Clone, Copy)]
struct RecordPointer {
    words: Handle<Expression>,
    record: Handle<Expression>,
    member: Option<u32>,
    component: Option<u32>,
}

struct Flatten {
    global: Handle<GlobalVariable>,
    /// The member of the global's block that holds the array, if any.
    array_member: Option<u32>,
    struct_ty: Handle<Type>,
    words: u32,
    members: Vec<Member>,
    /// Placeholders standing for pointers into the array, which no longer
    /// exist as expressions.
    pointers: HashMap<Handle<Expression>, RecordPointer>,
    /// The accesses to a record of the array by an `i32` index, in the
    /// function as it was.
    signed_records: HashSet<Handle<Expression>>,
}

impl Flatten {
    /// Whether `h` is the (rebuilt) pointer to the array.
    fn is_global(&self, b: &BlockBuilder<'_>, h: Handle<Expression>) -> bool {
        let e = b.expressions();
        let is_global = |h| matches!(e[h], Expression::GlobalVariable(g) if g == self.global);
        match self.array_member {
            None => is_global(h),
            Some(m) => {
                matches!(e[h], Expression::AccessIndex { base, index } if index == m && is_global(base))
            }
        }
    }

    fn placeholder(
        &mut self,
        b: &mut BlockBuilder<'_>,
        pointer: RecordPointer,
    ) -> Handle<Expression> {
        // Never emitted nor read once the rewrite is done; a use left over
        // would fail validation on its type.
        let h = b.expr(Expression::ZeroValue(self.struct_ty));
        self.pointers.insert(h, pointer);
        h
    }

    /// `words * record + word`, sharing the product within a statement.
    fn word_index(
        &self,
        b: &mut BlockBuilder<'_>,
        record: Handle<Expression>,
        word: u32,
        product: &mut Option<Handle<Expression>>,
    ) -> Handle<Expression> {
        let first = *product.get_or_insert_with(|| {
            let k = b.u32(self.words);
            b.binary(BinaryOperator::Multiply, record, k)
        });
        if word == 0 {
            first
        } else {
            let w = b.u32(word);
            b.binary(BinaryOperator::Add, first, w)
        }
    }

    fn load_word(
        &self,
        b: &mut BlockBuilder<'_>,
        p: RecordPointer,
        word: u32,
        kind: ScalarKind,
        product: &mut Option<Handle<Expression>>,
    ) -> Handle<Expression> {
        let index = self.word_index(b, p.record, word, product);
        let pointer = b.access(p.words, index);
        let value = b.load(pointer);
        b.from_u32_bits(value, kind)
    }

    fn load_member(
        &self,
        b: &mut BlockBuilder<'_>,
        p: RecordPointer,
        member: &Member,
        product: &mut Option<Handle<Expression>>,
    ) -> Handle<Expression> {
        let kind = member.scalar.kind;
        if !member.vector {
            return self.load_word(b, p, member.word, kind, product);
        }
        let components = (0..member.components)
            .map(|c| self.load_word(b, p, member.word + c, kind, product))
            .collect();
        b.expr(Expression::Compose {
            ty: member.ty,
            components,
        })
    }

    /// The word stores of `value`, a member's value, into `stores`.
    fn member_stores(
        &self,
        b: &mut BlockBuilder<'_>,
        p: RecordPointer,
        member: &Member,
        value: Handle<Expression>,
        product: &mut Option<Handle<Expression>>,
        stores: &mut Vec<(Handle<Expression>, Handle<Expression>)>,
    ) {
        for c in 0..member.components {
            let component = if member.vector {
                b.expr(Expression::AccessIndex {
                    base: value,
                    index: c,
                })
            } else {
                value
            };
            let word = b.to_u32_bits(component, member.scalar.kind);
            let index = self.word_index(b, p.record, member.word + c, product);
            let target = b.access(p.words, index);
            stores.push((target, word));
        }
    }
}

/// The `Access` expressions of `function` that index `global`'s records
/// with an `i32`; `None` where the types do not resolve.
fn signed_record_accesses(
    module: &Module,
    function: &Function,
    global: Handle<GlobalVariable>,
) -> Option<HashSet<Handle<Expression>>> {
    let e = &function.expressions;
    let indexes_records = |base| array_global(module, e, base) == Some(global);
    let signed: Vec<_> = e
        .iter()
        .filter_map(|(h, x)| match *x {
            Expression::Access { base, index } if indexes_records(base) => Some((h, index)),
            _ => None,
        })
        .collect();
    if signed.is_empty() {
        return Some(HashSet::new());
    }
    let scalars = expression_scalars(module, function)?;
    Some(
        signed
            .into_iter()
            .filter(|&(_, index)| {
                scalars[index.index()].is_some_and(|s| s.kind == ScalarKind::Sint)
            })
            .map(|(h, _)| h)
            .collect(),
    )
}

impl Rewrite for Flatten {
    /// A record indexed by an `i32` is at word `k * u32(i) + c`: the word
    /// index is `u32`. The conversion keeps the bits of an index in bounds;
    /// a negative one becomes one past 2^31, whose product wraps as that of
    /// any `u32` index past 2^32 / k does: out of bounds before, it may
    /// reach a word in bounds, as WGSL lets an out-of-bounds access do.
    fn expression_from(
        &mut self,
        b: &mut BlockBuilder<'_>,
        original: Handle<Expression>,
        expression: &Expression,
    ) -> Option<Handle<Expression>> {
        match *expression {
            Expression::Access { base, index }
                if self.signed_records.contains(&original) && self.is_global(b, base) =>
            {
                let record = b.expr(Expression::As {
                    expr: index,
                    kind: ScalarKind::Uint,
                    convert: Some(4),
                });
                Some(self.placeholder(
                    b,
                    RecordPointer {
                        words: base,
                        record,
                        member: None,
                        component: None,
                    },
                ))
            }
            _ => self.expression(b, expression),
        }
    }

    fn expression(
        &mut self,
        b: &mut BlockBuilder<'_>,
        expression: &Expression,
    ) -> Option<Handle<Expression>> {
        let record = |words, record| RecordPointer {
            words,
            record,
            member: None,
            component: None,
        };
        match *expression {
            Expression::Access { base, index } if self.is_global(b, base) => {
                Some(self.placeholder(b, record(base, index)))
            }
            Expression::AccessIndex { base, index } if self.is_global(b, base) => {
                let i = b.u32(index);
                Some(self.placeholder(b, record(base, i)))
            }
            Expression::AccessIndex { base, index } => {
                let p = *self.pointers.get(&base)?;
                let p = match p.member {
                    None => RecordPointer {
                        member: Some(index),
                        ..p
                    },
                    Some(_) => RecordPointer {
                        component: Some(index),
                        ..p
                    },
                };
                Some(self.placeholder(b, p))
            }
            Expression::Load { pointer } => {
                let p = *self.pointers.get(&pointer)?;
                let mut product = None;
                Some(match (p.member, p.component) {
                    (Some(m), Some(c)) => {
                        let member = self.members[m as usize];
                        self.load_word(b, p, member.word + c, member.scalar.kind, &mut product)
                    }
                    (Some(m), None) => {
                        let member = self.members[m as usize];
                        self.load_member(b, p, &member, &mut product)
                    }
                    _ => {
                        let members = self.members.clone();
                        let components = members
                            .iter()
                            .map(|m| self.load_member(b, p, m, &mut product))
                            .collect();
                        b.expr(Expression::Compose {
                            ty: self.struct_ty,
                            components,
                        })
                    }
                })
            }
            Expression::ArrayLength(array) if self.is_global(b, array) => {
                let words = b.expr(Expression::ArrayLength(array));
                let k = b.u32(self.words);
                Some(b.binary(BinaryOperator::Divide, words, k))
            }
            _ => None,
        }
    }

    fn statement(
        &mut self,
        b: &mut BlockBuilder<'_>,
        statement: &Statement,
    ) -> Option<Option<Handle<Expression>>> {
        let Statement::Store { pointer, value } = *statement else {
            return None;
        };
        let p = *self.pointers.get(&pointer)?;
        let mut product = None;
        // Every word is computed before the first store, so that the
        // stores stand together as one record's.
        let mut stores = Vec::new();
        match (p.member, p.component) {
            (Some(m), Some(c)) => {
                let member = self.members[m as usize];
                let word = b.to_u32_bits(value, member.scalar.kind);
                let index = self.word_index(b, p.record, member.word + c, &mut product);
                let target = b.access(p.words, index);
                stores.push((target, word));
            }
            (Some(m), None) => {
                let member = self.members[m as usize];
                self.member_stores(b, p, &member, value, &mut product, &mut stores);
            }
            _ => {
                for (n, member) in self.members.clone().iter().enumerate() {
                    let member_value = b.expr(Expression::AccessIndex {
                        base: value,
                        index: n as u32,
                    });
                    self.member_stores(b, p, member, member_value, &mut product, &mut stores);
                }
            }
        }
        for (target, word) in stores {
            b.store(target, word);
        }
        Some(None)
    }
}
