//! Helpers to build and rewrite naga IR, so that a pass reads as its
//! transformation rather than as arena bookkeeping.
//!
//! naga requires every expression that is not "pre-emitted" (literals,
//! constants, arguments, variables) to be covered by an `Emit` statement
//! that comes before its first use, and statement results (calls, atomics)
//! to be created by their statement. [`BlockBuilder`] keeps those rules.

mod block;
mod copies_as_arguments;
pub(crate) mod exits;
pub use exits::loop_has_exit;
mod binding_array_index;
mod binding_array_split;
mod folding;
mod function;
mod inline;
mod loop_bound;
mod names;
mod ops;
mod path;
mod pointer;
mod pointer_arguments;
mod promote;
mod rebuild;
mod run_time_floats;
mod static_uses;
mod substitute;
mod type_places;
mod types;
mod uses;
mod valid;
mod walk;

pub use binding_array_index::wrap_binding_array_indices;
pub use binding_array_split::{
    split_binding_arrays, split_element_binding, uniform_buffer_groups, SplitArray, SplitArrays,
    SPLIT_FIRST_BINDING, SPLIT_MAX_ELEMENTS,
};
pub use block::{add_local, BlockBuilder};
pub use copies_as_arguments::pass_entry_copies_as_arguments;
pub use folding::Folds;
pub use function::{function_mut, function_of, functions_called_from, place_in, FunctionRef};
pub use inline::{inline_call, remove_uncalled_function, CallSite};
pub use loop_bound::bound_loops;
pub use names::global_name;
pub use path::{block_of, enclosing, enclosing_loop, for_each_statement_with_path, StatementPath};
pub use pointer::{function_uses_global, pointer_global, pointer_root, pointer_steps, PointerRoot};
pub use pointer_arguments::{copy_element_pointer_arguments, has_element_pointer_arguments};
pub use promote::{literal_index, promote_single_store_locals, IntegerConstants};
pub use rebuild::{
    for_each_operand, for_each_statement_operand, rebuild_function, statement_result, Rewrite,
    Unsupported,
};
pub use run_time_floats::{compute_floats_at_run_time, f32_bits_of, has_floats_for_run_time};
pub use static_uses::{entry_point_static_uses, globals_named_by, live_expressions};
pub use substitute::{substitute_uses, substitute_uses_recreating};
pub use type_places::first_place_using;
pub use types::{atomic_scalars, ensure_type, expression_scalars, scalar_of, scalar_type};
pub(crate) use uses::{defined_at_top, local_uses, stored_local, used_in, LocalUse, LoopLocals};
pub use valid::{validate, validator};
pub(crate) use walk::child_blocks_mut;
pub use walk::{
    child_blocks, for_each_block_mut, for_each_statement, functions, functions_mut,
    lift_loop_exit_tests, operands, read_expressions, rewrite_statements, splice_nested_blocks,
    visit_operands, visit_statement_operands,
};
