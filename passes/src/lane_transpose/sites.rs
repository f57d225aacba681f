//! Where an entry point reads or writes whole records of a word array:
//! `k` loads, or `k` stores, of `words[k * i + c]` for every `c` in
//! `0..k`, standing together (nothing but `Emit` statements between them).

use std::collections::HashSet;

use naga::{
    Arena, BinaryOperator, Expression, Function, GlobalVariable, Handle, Module, Span, Statement,
};

use crate::analysis::uniformity::StatementPath;
use crate::ir::{child_blocks, pointer_global};

mod forms;
mod render;

/// `k * i + c`.
#[derive(Clone, Copy, Debug)]
pub struct WordIndex {
    pub k: u32,
    pub i: Handle<Expression>,
    pub c: u32,
}

/// The `k` stores of one record.
#[derive(Clone, Debug)]
pub struct StoreGroup {
    pub global: Handle<GlobalVariable>,
    pub k: u32,
    /// The record index of the first store.
    pub i: Handle<Expression>,
    /// The stores, in program order.
    pub paths: Vec<StatementPath>,
    /// The component each store writes.
    pub components: Vec<u32>,
    /// The pointer each store writes through.
    pub pointers: Vec<Handle<Expression>>,
    pub in_loop: bool,
    pub span: Span,
}

/// The `k` loads of one record.
#[derive(Clone, Debug)]
pub struct LoadGroup {
    pub global: Handle<GlobalVariable>,
    pub k: u32,
    pub i: Handle<Expression>,
    /// The loads, by component; `None` for padding.
    pub loads: Vec<Option<Handle<Expression>>>,
    /// The `Emit` that evaluates the first load.
    pub path: StatementPath,
    pub in_loop: bool,
    pub span: Span,
}

impl LoadGroup {
    pub fn first(&self) -> Handle<Expression> {
        self.loads
            .iter()
            .flatten()
            .copied()
            .min()
            .expect("a group has loads")
    }
}

/// The record accesses to word arrays in a function. Other accesses are
/// in no group; [`accessed_only_by_groups`] finds them.
#[derive(Debug, Default)]
pub struct Sites {
    pub stores: Vec<StoreGroup>,
    pub loads: Vec<LoadGroup>,
    /// Runs of stores to the words of one record that leave out words
    /// other than padding.
    pub partial_stores: Vec<PartialRecord>,
}

/// Accesses to some words of a record only.
#[derive(Clone, Debug)]
pub struct PartialRecord {
    pub global: Handle<GlobalVariable>,
    pub k: u32,
    /// The words accessed.
    pub words: Vec<u32>,
    pub span: Span,
}

/// A word array as the finder sees it: the records it holds, if it was an
/// array of records, and their padding words.
#[derive(Clone, Debug, Default)]
pub struct WordArray {
    pub record_words: Option<u32>,
    pub padding: Vec<u32>,
}

impl WordArray {
    /// The padding of `k`-word records of this array.
    fn padding(&self, k: u32) -> &[u32] {
        match self.record_words {
            Some(n) if n == k => &self.padding,
            _ => &[],
        }
    }
}

/// The module's constants that are non-negative integers.
#[derive(Debug, Default)]
pub struct Constants(crate::ir::IntegerConstants);

impl Constants {
    pub fn of(module: &Module) -> Self {
        Constants(crate::ir::IntegerConstants::of(module))
    }

    /// The value of a literal or constant expression, as `u32`.
    fn value(&self, expressions: &Arena<Expression>, h: Handle<Expression>) -> Option<u32> {
        match expressions[h] {
            Expression::Literal(ref l) => crate::ir::literal_index(l),
            Expression::Constant(c) => self.0.get(c),
            _ => None,
        }
    }
}

/// Reads `index` as `k * i + c` (or `i * k + c`, or without `+ c`), with
/// `k` a record size the pass handles.
pub fn word_index(
    constants: &Constants,
    e: &Arena<Expression>,
    index: Handle<Expression>,
) -> Option<WordIndex> {
    let product = |h: Handle<Expression>| match e[h] {
        Expression::Binary {
            op: BinaryOperator::Multiply,
            left,
            right,
        } => match (constants.value(e, left), constants.value(e, right)) {
            (Some(k), None) => Some((k, right)),
            (None, Some(k)) => Some((k, left)),
            _ => None,
        },
        _ => None,
    };
    let (k, i, c) = match e[index] {
        Expression::Binary {
            op: BinaryOperator::Add,
            left,
            right,
        } => match (constants.value(e, left), constants.value(e, right)) {
            (Some(c), None) => product(right).map(|(k, i)| (k, i, c)),
            (None, Some(c)) => product(left).map(|(k, i)| (k, i, c)),
            _ => None,
        },
        _ => product(index).map(|(k, i)| (k, i, 0)),
    }?;
    let sizes = super::records::MIN_WORDS..=super::records::MAX_WORDS;
    (c < k && sizes.contains(&k)).then_some(WordIndex { k, i, c })
}

/// Whether two expressions certainly have the same value at both places:
/// the same built-in component, literal, constant, load of memory nothing
/// writes (a uniform buffer, say), or arithmetic on those.
pub fn same_value(
    module: &Module,
    function: &Function,
    a: Handle<Expression>,
    b: Handle<Expression>,
) -> bool {
    if a == b {
        return true;
    }
    let same_value = |a, b| same_value(module, function, a, b);
    let e = &function.expressions;
    match (&e[a], &e[b]) {
        (&Expression::Constant(x), &Expression::Constant(y)) => x == y,
        (&Expression::Override(x), &Expression::Override(y)) => x == y,
        (&Expression::GlobalVariable(x), &Expression::GlobalVariable(y)) => x == y,
        (&Expression::Load { pointer: x }, &Expression::Load { pointer: y }) => {
            is_read_only(module, function, x) && same_value(x, y)
        }
        (
            &Expression::AccessIndex { base: x, index: n },
            &Expression::AccessIndex { base: y, index: m },
        ) => n == m && same_value(x, y),
        (&Expression::FunctionArgument(n), &Expression::FunctionArgument(m)) => n == m,
        (Expression::Literal(x), Expression::Literal(y)) => x == y,
        (
            &Expression::Binary {
                op,
                left: l1,
                right: r1,
            },
            &Expression::Binary {
                op: op2,
                left: l2,
                right: r2,
            },
        ) => op == op2 && same_value(l1, l2) && same_value(r1, r2),
        (
            &Expression::As {
                expr: x,
                kind,
                convert,
            },
            &Expression::As {
                expr: y,
                kind: kind2,
                convert: convert2,
            },
        ) => kind == kind2 && convert == convert2 && same_value(x, y),
        (&Expression::Access { base: x, index: n }, &Expression::Access { base: y, index: m }) => {
            same_value(x, y) && same_value(n, m)
        }
        _ => false,
    }
}

/// Whether `pointer` points into a global no invocation writes.
fn is_read_only(module: &Module, function: &Function, pointer: Handle<Expression>) -> bool {
    let Some(g) = pointer_global(&function.expressions, pointer) else {
        return false;
    };
    match module.global_variables[g].space {
        naga::AddressSpace::Uniform => true,
        naga::AddressSpace::Storage { access } => !access.contains(naga::StorageAccess::STORE),
        _ => false,
    }
}

pub use forms::*;

/// The word array a pointer indexes, and the index.
fn word_access(
    module: &Module,
    function: &Function,
    words: &impl Fn(Handle<GlobalVariable>) -> Option<WordArray>,
    pointer: Handle<Expression>,
) -> Option<(Handle<GlobalVariable>, Handle<Expression>, WordArray)> {
    let e = &function.expressions;
    let Expression::Access { base, index } = e[pointer] else {
        return None;
    };
    let g = super::records::array_global(module, e, base)?;
    words(g).map(|w| (g, index, w))
}

/// Finds the record accesses to the word arrays `words` accepts.
pub fn find(
    module: &Module,
    function: &Function,
    words: impl Fn(Handle<GlobalVariable>) -> Option<WordArray>,
) -> Sites {
    let mut finder = Finder {
        module,
        constants: Constants::of(module),
        function,
        words: &words,
        sites: Sites::default(),
        grouped_loads: HashSet::new(),
    };
    finder.block(&function.body, &mut Vec::new(), false);
    finder.sites
}

struct Finder<'a, W> {
    module: &'a Module,
    constants: Constants,
    function: &'a Function,
    words: &'a W,
    sites: Sites,
    grouped_loads: HashSet<Handle<Expression>>,
}

/// Stores of one record seen so far.
struct OpenStores {
    global: Handle<GlobalVariable>,
    index: WordIndex,
    padding: Vec<u32>,
    seen: Vec<u32>,
    pointers: Vec<Handle<Expression>>,
    paths: Vec<StatementPath>,
    in_loop: bool,
    span: Span,
}

impl OpenStores {
    fn complete(&self) -> bool {
        (0..self.index.k).all(|c| self.seen.contains(&c) || self.padding.contains(&c))
    }
}

impl<W: Fn(Handle<GlobalVariable>) -> Option<WordArray>> Finder<'_, W> {
    fn block(&mut self, block: &naga::Block, path: &mut StatementPath, in_loop: bool) {
        let mut open: Option<OpenStores> = None;
        let mut emits: Vec<(StatementPath, Vec<Handle<Expression>>)> = Vec::new();
        for (index, (statement, &span)) in block.span_iter().enumerate() {
            path.push(index as u32);
            match *statement {
                Statement::Emit(ref range) => {
                    emits.push((path.clone(), range.clone().collect()));
                }
                Statement::Store { pointer, .. } => {
                    self.close_loads(&mut emits, in_loop);
                    self.store(&mut open, pointer, path, span, in_loop);
                }
                _ => {
                    self.close_loads(&mut emits, in_loop);
                    self.close_stores(&mut open);
                    let is_loop = matches!(statement, Statement::Loop { .. });
                    for (child, inner) in child_blocks(statement).into_iter().enumerate() {
                        path.push(child as u32);
                        self.block(inner, path, in_loop || is_loop);
                        path.pop();
                    }
                }
            }
            path.pop();
        }
        self.close_loads(&mut emits, in_loop);
        self.close_stores(&mut open);
    }

    /// Ends a run of stores: a group if it covers the record.
    fn close_stores(&mut self, open: &mut Option<OpenStores>) {
        let Some(o) = open.take() else {
            return;
        };
        if !o.complete() {
            self.sites.partial_stores.push(PartialRecord {
                global: o.global,
                k: o.index.k,
                words: o.seen,
                span: o.span,
            });
            return;
        }
        self.sites.stores.push(StoreGroup {
            global: o.global,
            k: o.index.k,
            i: o.index.i,
            paths: o.paths,
            components: o.seen,
            pointers: o.pointers,
            in_loop: o.in_loop,
            span: o.span,
        });
    }

    fn store(
        &mut self,
        open: &mut Option<OpenStores>,
        pointer: Handle<Expression>,
        path: &StatementPath,
        span: Span,
        in_loop: bool,
    ) {
        let word = word_access(self.module, self.function, self.words, pointer).and_then(
            |(global, index, array)| {
                word_index(&self.constants, &self.function.expressions, index)
                    .map(|w| (global, w, array))
            },
        );
        let Some((global, word, array)) = word else {
            self.close_stores(open);
            return;
        };
        let continues = open.as_ref().is_some_and(|o| {
            o.global == global
                && o.index.k == word.k
                && same_value(self.module, self.function, o.index.i, word.i)
                && !o.seen.contains(&word.c)
        });
        if !continues {
            self.close_stores(open);
            *open = Some(OpenStores {
                global,
                index: word,
                padding: array.padding(word.k).to_vec(),
                seen: Vec::new(),
                pointers: Vec::new(),
                paths: Vec::new(),
                in_loop,
                span,
            });
        }
        let o = open.as_mut().expect("opened above");
        o.seen.push(word.c);
        o.pointers.push(pointer);
        o.paths.push(path.clone());
        // A group ends once its record is covered; the member stores of
        // a record with padding may also go on to the next one.
        if o.seen.len() as u32 == o.index.k {
            self.close_stores(open);
        }
    }

    /// Groups the loads of a run of `Emit` statements.
    fn close_loads(
        &mut self,
        emits: &mut Vec<(StatementPath, Vec<Handle<Expression>>)>,
        in_loop: bool,
    ) {
        let run = std::mem::take(emits);
        let e = &self.function.expressions;
        let mut candidates = Vec::new();
        for (path, handles) in &run {
            for &h in handles {
                let Expression::Load { pointer } = e[h] else {
                    continue;
                };
                if let Some((global, index, array)) =
                    word_access(self.module, self.function, self.words, pointer)
                {
                    if let Some(word) = word_index(&self.constants, e, index) {
                        candidates.push((global, word, h, path, array));
                    }
                }
            }
        }
        for (n, (global, word, first, path, array)) in candidates.iter().enumerate() {
            let (global, word, first) = (*global, *word, *first);
            if self.grouped_loads.contains(&first) {
                continue;
            }
            let mut loads = vec![None; word.k as usize];
            for &(g, w, h, _, _) in &candidates[n..] {
                if g == global
                    && w.k == word.k
                    && same_value(self.module, self.function, w.i, word.i)
                    && !self.grouped_loads.contains(&h)
                    && loads[w.c as usize].is_none()
                {
                    loads[w.c as usize] = Some(h);
                }
            }
            let padding = array.padding(word.k);
            let covered = loads
                .iter()
                .enumerate()
                .all(|(c, l)| l.is_some() || padding.contains(&(c as u32)));
            if covered {
                self.grouped_loads.extend(loads.iter().flatten().copied());
                self.sites.loads.push(LoadGroup {
                    global,
                    k: word.k,
                    i: word.i,
                    loads,
                    path: (*path).clone(),
                    in_loop,
                    span: e.get_span(first),
                });
            }
        }
    }
}

/// Whether every use of `global` in the function is one of its grouped
/// loads or stores (or its length): no pointer into it goes anywhere else,
/// to a call or an atomic, say.
pub fn accessed_only_by_groups(
    module: &Module,
    function: &Function,
    global: Handle<GlobalVariable>,
    sites: &Sites,
) -> bool {
    let e = &function.expressions;
    let mut store_pointers = HashSet::new();
    let mut pointers = HashSet::new();
    let mut loads = HashSet::new();
    for group in sites.stores.iter().filter(|g| g.global == global) {
        store_pointers.extend(group.pointers.iter().copied());
    }
    pointers.extend(store_pointers.iter().copied());
    for group in sites.loads.iter().filter(|g| g.global == global) {
        for &load in group.loads.iter().flatten() {
            loads.insert(load);
            if let Expression::Load { pointer } = e[load] {
                pointers.insert(pointer);
            }
        }
    }
    let is_global =
        |h: Handle<Expression>| super::records::array_global(module, e, h) == Some(global);
    for (h, expression) in e.iter() {
        let allowed = match *expression {
            Expression::Access { base, .. } if is_global(base) => pointers.contains(&h),
            Expression::Load { pointer } if pointers.contains(&pointer) => loads.contains(&h),
            Expression::ArrayLength(_) => true,
            ref other => {
                let mut uses = false;
                crate::ir::visit_operands(other, |h| uses |= is_global(h) || pointers.contains(&h));
                !uses
            }
        };
        if !allowed {
            return false;
        }
    }
    let mut allowed = true;
    crate::ir::for_each_statement(&function.body, &mut |statement, _| {
        if let Statement::Store { pointer, value } = *statement {
            if pointers.contains(&pointer) {
                allowed &= store_pointers.contains(&pointer);
            }
            allowed &= !is_global(value) && !pointers.contains(&value);
            return;
        }
        let mut uses = false;
        let known = crate::ir::visit_statement_operands(statement, |h| {
            uses |= is_global(h) || pointers.contains(&h)
        });
        allowed &= !uses && known.is_ok();
    });
    allowed
}

#[cfg(test)]
mod tests;
