//! Storage arrays as `lane-transpose` sees them: arrays of 32-bit words,
//! `k` of which make a record.
//!
//! An array of structs of `k` 32-bit scalars is rewritten first into an
//! `array<u32>` with the same bytes ([`flatten`]), so that the rest of the
//! pass only deals with word arrays: a record's load becomes `k` word
//! loads, its store `k` word stores at `k * i + c`.

use std::collections::HashMap;

use naga::{
    AddressSpace, ArraySize, BinaryOperator, Expression, Function, GlobalVariable, Handle, Module,
    Scalar, ScalarKind, Span, Statement, Type, TypeInner,
};

use crate::ir::{ensure_type, rebuild_function, BlockBuilder, Rewrite, Unsupported};

/// The fewest and most words a record may have.
pub const MIN_WORDS: u32 = 2;
pub const MAX_WORDS: u32 = 8;

/// How a storage array holds its words.
#[derive(Clone, Debug, PartialEq)]
pub enum Layout {
    /// `array<f32 | u32 | i32>`.
    Words(Scalar),
    /// `array<S>`, `S` a struct of `scalars.len()` 32-bit scalars, packed.
    Records {
        struct_ty: Handle<Type>,
        scalars: Vec<Scalar>,
    },
}

/// The layout of a storage global that is an array of words or of records
/// of words; `None` for anything else.
pub fn layout(module: &Module, global: &GlobalVariable) -> Option<Layout> {
    if !matches!(global.space, AddressSpace::Storage { .. }) {
        return None;
    }
    let TypeInner::Array { base, stride, size } = module.types[global.ty].inner else {
        return None;
    };
    if matches!(size, ArraySize::Pending(_)) {
        return None;
    }
    match module.types[base].inner {
        TypeInner::Scalar(s) if is_word(s) && stride == 4 => Some(Layout::Words(s)),
        TypeInner::Struct {
            ref members,
            span: struct_span,
        } => {
            let k = members.len() as u32;
            let packed = (MIN_WORDS..=MAX_WORDS).contains(&k)
                && struct_span == 4 * k
                && stride == 4 * k
                && members.iter().enumerate().all(|(i, m)| {
                    m.offset == 4 * i as u32
                        && matches!(module.types[m.ty].inner, TypeInner::Scalar(s) if is_word(s))
                });
            packed.then(|| Layout::Records {
                struct_ty: base,
                scalars: members
                    .iter()
                    .map(|m| match module.types[m.ty].inner {
                        TypeInner::Scalar(s) => s,
                        _ => unreachable!(),
                    })
                    .collect(),
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
/// word accesses; `None` when they can.
pub fn unflattenable_use(
    function: &Function,
    global: Handle<GlobalVariable>,
) -> Option<&'static str> {
    #[derive(Clone, Copy, PartialEq)]
    enum Kind {
        Array,
        Record,
        Member,
    }
    let mut kinds: HashMap<Handle<Expression>, Kind> = HashMap::new();
    for (h, x) in function.expressions.iter() {
        let kind = match *x {
            Expression::GlobalVariable(g) if g == global => Some(Kind::Array),
            Expression::Access { base, .. } | Expression::AccessIndex { base, .. } => {
                match kinds.get(&base) {
                    Some(Kind::Array) => Some(Kind::Record),
                    Some(Kind::Record) => Some(Kind::Member),
                    _ => None,
                }
            }
            _ => None,
        };
        if let Some(kind) = kind {
            kinds.insert(h, kind);
        }
    }
    // A pointer may only be narrowed, loaded from or stored through.
    for (_, x) in function.expressions.iter() {
        let allowed = match *x {
            Expression::Access { base, .. } | Expression::AccessIndex { base, .. } => {
                kinds.get(&base) != Some(&Kind::Member)
            }
            Expression::Load { pointer } => kinds.get(&pointer) != Some(&Kind::Array),
            Expression::ArrayLength(_) => true,
            ref other => {
                let mut other = other.clone();
                let mut uses = false;
                crate::ir::for_each_operand(&mut other, &mut |h| uses |= kinds.contains_key(h));
                !uses
            }
        };
        if !allowed {
            return Some(
                "a pointer into it is used other than to load or store a record or a member",
            );
        }
    }
    let mut passed = false;
    crate::ir::for_each_statement(&function.body, &mut |s, _| {
        let mut s = s.clone();
        if let Statement::Store { pointer, value } = s {
            passed |= kinds.get(&pointer) == Some(&Kind::Array) || kinds.contains_key(&value);
            return;
        }
        let mut uses = false;
        let known =
            crate::ir::for_each_statement_operand(&mut s, &mut |h| uses |= kinds.contains_key(h));
        passed |= uses || known.is_err();
    });
    passed.then_some("a pointer into it is passed to a call or an atomic, or stored whole")
}

/// Rewrites `global`, an array of records, as the `array<u32>` of the same
/// bytes, and every access to it in `function` as word accesses.
pub fn flatten(
    module: &mut Module,
    function: &mut Function,
    global: Handle<GlobalVariable>,
    span: Span,
) -> Result<(), Unsupported> {
    let Some(Layout::Records { struct_ty, scalars }) =
        layout(module, &module.global_variables[global])
    else {
        return Err(Unsupported("not an array of records"));
    };
    let TypeInner::Array { size, .. } = module.types[module.global_variables[global].ty].inner
    else {
        unreachable!()
    };
    let k = scalars.len() as u32;
    let words_size = match size {
        ArraySize::Constant(n) => {
            let words = n
                .get()
                .checked_mul(k)
                .and_then(std::num::NonZeroU32::new)
                .ok_or(Unsupported("the array is too long to hold as words"))?;
            ArraySize::Constant(words)
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
    let mut rewrite = Flatten {
        global,
        struct_ty,
        scalars,
        pointers: HashMap::new(),
    };
    rebuild_function(function, &mut rewrite)?;
    module.global_variables[global].ty = words_ty;
    Ok(())
}

/// What a rebuilt pointer into the flattened array stands for.
#[derive(Clone, Copy)]
struct RecordPointer {
    words: Handle<Expression>,
    record: Handle<Expression>,
    member: Option<u32>,
}

struct Flatten {
    global: Handle<GlobalVariable>,
    struct_ty: Handle<Type>,
    scalars: Vec<Scalar>,
    /// Placeholders standing for pointers into the array, which no longer
    /// exist as expressions.
    pointers: HashMap<Handle<Expression>, RecordPointer>,
}

impl Flatten {
    fn k(&self) -> u32 {
        self.scalars.len() as u32
    }

    fn is_global(&self, b: &BlockBuilder<'_>, h: Handle<Expression>) -> bool {
        matches!(b.expressions()[h], Expression::GlobalVariable(g) if g == self.global)
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

    /// `k * record + member`, sharing the product among members.
    fn word_index(
        &self,
        b: &mut BlockBuilder<'_>,
        record: Handle<Expression>,
        member: u32,
        product: &mut Option<Handle<Expression>>,
    ) -> Handle<Expression> {
        let first = *product.get_or_insert_with(|| {
            let k = b.u32(self.k());
            b.binary(BinaryOperator::Multiply, record, k)
        });
        if member == 0 {
            first
        } else {
            let m = b.u32(member);
            b.binary(BinaryOperator::Add, first, m)
        }
    }

    fn load_member(
        &self,
        b: &mut BlockBuilder<'_>,
        p: RecordPointer,
        member: u32,
        product: &mut Option<Handle<Expression>>,
    ) -> Handle<Expression> {
        let index = self.word_index(b, p.record, member, product);
        let pointer = b.access(p.words, index);
        let word = b.load(pointer);
        b.from_u32_bits(word, self.scalars[member as usize].kind)
    }

    fn as_word(
        &self,
        b: &mut BlockBuilder<'_>,
        value: Handle<Expression>,
        member: u32,
    ) -> Handle<Expression> {
        b.to_u32_bits(value, self.scalars[member as usize].kind)
    }
}

impl Rewrite for Flatten {
    fn expression(
        &mut self,
        b: &mut BlockBuilder<'_>,
        expression: &Expression,
    ) -> Option<Handle<Expression>> {
        match *expression {
            Expression::Access { base, index } if self.is_global(b, base) => {
                Some(self.placeholder(
                    b,
                    RecordPointer {
                        words: base,
                        record: index,
                        member: None,
                    },
                ))
            }
            Expression::AccessIndex { base, index } if self.is_global(b, base) => {
                let record = b.u32(index);
                Some(self.placeholder(
                    b,
                    RecordPointer {
                        words: base,
                        record,
                        member: None,
                    },
                ))
            }
            Expression::AccessIndex { base, index } => {
                let p = *self.pointers.get(&base)?;
                Some(self.placeholder(
                    b,
                    RecordPointer {
                        member: Some(index),
                        ..p
                    },
                ))
            }
            Expression::Load { pointer } => {
                let p = *self.pointers.get(&pointer)?;
                let mut product = None;
                Some(match p.member {
                    Some(m) => self.load_member(b, p, m, &mut product),
                    None => {
                        let components = (0..self.k())
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
                let k = b.u32(self.k());
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
        match p.member {
            Some(m) => {
                let index = self.word_index(b, p.record, m, &mut product);
                let word = self.as_word(b, value, m);
                let target = b.access(p.words, index);
                b.store(target, word);
            }
            None => {
                // Every word is computed before the first store, so that the
                // stores stand together as one record's.
                let mut stores = Vec::new();
                for m in 0..self.k() {
                    let member = b.expr(Expression::AccessIndex {
                        base: value,
                        index: m,
                    });
                    let word = self.as_word(b, member, m);
                    let index = self.word_index(b, p.record, m, &mut product);
                    let target = b.access(p.words, index);
                    stores.push((target, word));
                }
                for (target, word) in stores {
                    b.store(target, word);
                }
            }
        }
        Some(None)
    }
}
