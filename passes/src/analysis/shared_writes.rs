//! Stores that every invocation of a workgroup makes to one location of a
//! storage buffer, without atomics, of a value that differs between them:
//! what is left there depends on the order the invocations ran in.
//!
//! A store is one when, by the uniformity analysis, its address is the
//! same in every invocation of a workgroup, every invocation reaches it
//! (uniform control flow), and the value stored is not uniform. A
//! read-modify-write of one place (`total[0] = total[0] + x`) is one too:
//! a load of read-write storage is not uniform, as another invocation may
//! have written it. A value every invocation computes alike (`out[0] =
//! params.n`) writes the same bytes whatever the order, and is not listed.
//! Stores in functions the entry point calls are not looked at.

use naga::{AddressSpace, GlobalVariable, Handle, Module, Span, Statement, StorageAccess};

use super::uniformity::Uniformity;
use crate::ir::{for_each_statement_with_path, pointer_global, FunctionRef};

/// A store that every invocation of a workgroup makes to one place.
#[derive(Clone, Debug, PartialEq)]
pub struct SharedWrite {
    /// The storage buffer written.
    pub global: Handle<GlobalVariable>,
    /// The store.
    pub span: Span,
}

/// The stores of entry point `entry` of `module` that every invocation of
/// a workgroup makes to one location, of values that differ.
pub fn shared_writes(module: &Module, uniformity: &Uniformity, entry: usize) -> Vec<SharedWrite> {
    let function = &module.entry_points[entry].function;
    let analysed = uniformity.function(FunctionRef::EntryPoint(entry));
    let mut found = Vec::new();
    for_each_statement_with_path(&function.body, &mut Vec::new(), &mut |s, path, span| {
        let Statement::Store { pointer, value } = *s else {
            return;
        };
        let Some(global) = pointer_global(&function.expressions, pointer) else {
            return;
        };
        let writable_storage = matches!(
            module.global_variables[global].space,
            AddressSpace::Storage { access } if access.contains(StorageAccess::STORE)
        );
        if writable_storage
            && analysed.is_expression_uniform(pointer)
            && !analysed.is_expression_uniform(value)
            && analysed.is_control_flow_uniform_at(path) == Some(true)
        {
            found.push(SharedWrite { global, span });
        }
    });
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    fn writes(source: &str) -> Vec<String> {
        let module = naga::front::wgsl::parse_str(source).unwrap();
        let uniformity = Uniformity::analyze(&module);
        shared_writes(&module, &uniformity, 0)
            .into_iter()
            .map(|w| crate::ir::global_name(&module, w.global))
            .collect()
    }

    #[test]
    fn one_place_written_by_every_invocation_is_found() {
        // wgpu's timestamp-queries kernel, as it races.
        let found = writes(
            "@group(0) @binding(0) var<storage, read_write> buffer: array<u32>;
             @compute @workgroup_size(1)
             fn main() { buffer[0] = buffer[0] + 1u; }",
        );
        assert_eq!(found, ["buffer"]);
        let found = writes(
            "@group(0) @binding(0) var<storage, read_write> last: u32;
             @compute @workgroup_size(64)
             fn main(@builtin(local_invocation_index) i: u32) { last = i; }",
        );
        assert_eq!(found, ["last"]);
    }

    #[test]
    fn own_places_one_writer_and_equal_values_are_not() {
        for source in [
            // Each invocation its own element.
            "@group(0) @binding(0) var<storage, read_write> out: array<u32>;
             @compute @workgroup_size(64)
             fn main(@builtin(global_invocation_id) id: vec3<u32>) { out[id.x] = id.x; }",
            // One invocation writes.
            "@group(0) @binding(0) var<storage, read_write> out: array<u32>;
             @compute @workgroup_size(64)
             fn main(@builtin(local_invocation_index) i: u32) { if i == 0u { out[0] = i; } }",
            // Every invocation writes the same value.
            "@group(0) @binding(0) var<storage, read_write> out: array<u32>;
             @group(0) @binding(1) var<uniform> n: u32;
             @compute @workgroup_size(64)
             fn main() { out[0] = n * 2u; }",
        ] {
            assert_eq!(writes(source), Vec::<String>::new(), "{source}");
        }
    }
}
