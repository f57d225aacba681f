//! Loading before a min or max whose result is unused
//! (`prefilter=load`): the atomic runs only where the value would lower
//! the word (for a max: raise it).
//!
//! ```text
//! if (word < atomicLoad(p)) { atomicMin(p, word); }   // max: word > ...
//! ```
//!
//! A skipped min is the min that would have run at the moment of the
//! load, where it changed nothing: every other access, a store or an
//! exchange included, orders around it as around that min, so skipping
//! is exact whatever else the dispatch does to the atomic. Once the word
//! has reached its final value most invocations only load, which is the
//! point: a load of a contended line is cheaper than a read-modify-write
//! of it. Only 32-bit words are loaded first: a 64-bit atomic load needs
//! more of the target than 64-bit min and max.

use naga::{AtomicFunction, BinaryOperator, Expression, Handle, Statement};

use crate::ir::BlockBuilder;

/// Emits `fun` (min or max) of the word `word` into the atomic `pointer`,
/// behind a load and a comparison; the order of the word's type (`u32`
/// for ordered words, `i32` for signed ones) is the float's.
pub(super) fn load_first(
    b: &mut BlockBuilder<'_>,
    pointer: Handle<Expression>,
    fun: AtomicFunction,
    word: Handle<Expression>,
) {
    let current = b.load(pointer);
    let op = match fun {
        AtomicFunction::Min => BinaryOperator::Less,
        _ => BinaryOperator::Greater,
    };
    let changes = b.binary(op, word, current);
    let accept = b.block(|inner| {
        inner.statement(Statement::Atomic {
            pointer,
            fun,
            value: word,
            result: None,
        })
    });
    b.statement(Statement::If {
        condition: changes,
        accept,
        reject: naga::Block::new(),
    });
}

#[cfg(test)]
mod tests {
    use super::super::config::{NAME, PREFILTER_OPTION, STRATEGY_OPTION};
    use crate::testing::run_pass;
    use crate::Target;

    /// Storage bounds of `x: f32` (any sign) and `d: f32` (never
    /// negative), with `body` after the loads.
    fn bounds(body: &str) -> String {
        format!(
            "struct Bounds {{ lo: atomic<f32>, hi: atomic<f32> }}
             @group(0) @binding(0) var<storage, read_write> b: Bounds;
             @group(0) @binding(1) var<storage, read_write> out: array<f32>;
             @compute @workgroup_size(64)
             fn main(@builtin(global_invocation_id) gid: vec3<u32>) {{
                 let x = out[gid.x];
                 let d = abs(x);
                 {body}
             }}"
        )
    }

    fn wgsl(body: &str, strategy: &str) -> (String, Vec<String>) {
        let run = run_pass(
            NAME,
            &bounds(body),
            &[(PREFILTER_OPTION, "load"), (STRATEGY_OPTION, strategy)],
            &Target::default(),
        )
        .unwrap_or_else(|e| panic!("{e:?}"));
        let counts = run
            .report
            .changes
            .iter()
            .filter_map(|c| c.details.get("min_max_loaded_first").cloned())
            .collect();
        (run.wgsl, counts)
    }

    #[test]
    fn an_unread_min_or_max_runs_only_where_it_changes_the_word() {
        let (text, counts) = wgsl("atomicMin(&b.lo, x); atomicMax(&b.hi, x);", "ordered");
        assert_eq!(counts, ["2"]);
        // Ordered words compare as u32: the load, the comparison, and the
        // atomic under it.
        let min_at = text.find("atomicMin(").unwrap();
        let load_at = text.find("atomicLoad((&b.lo))").expect(&text);
        assert!(load_at < min_at, "{text}");
        assert!(text.contains(" < _e"), "{text}");
        assert!(text.contains(" > _e"), "{text}");
    }

    #[test]
    fn signed_words_compare_as_the_integer_atomic_that_runs() {
        // Proven non-negative: i32 bits, min stays min.
        let (text, counts) = wgsl("atomicMin(&b.lo, d); atomicMax(&b.hi, d);", "auto");
        assert_eq!(counts, ["2"]);
        assert!(text.contains("atomic<i32>"), "{text}");
        // Proven negative: min and max swap, and so do the comparisons.
        let (text, _) = wgsl("atomicMin(&b.lo, -d);", "auto");
        let max_at = text.find("atomicMax(").expect(&text);
        let compare_at = text.find(" > _e").expect(&text);
        assert!(compare_at < max_at, "{text}");
    }

    #[test]
    fn read_results_and_compare_exchange_loops_are_left_alone() {
        for (body, strategy) in [
            ("out[gid.x] = atomicMin(&b.lo, x);", "ordered"),
            ("atomicMin(&b.lo, x);", "cas"),
        ] {
            let (text, counts) = wgsl(body, strategy);
            assert!(counts.is_empty(), "{body}: {text}");
        }
    }
}
