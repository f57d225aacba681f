//! The sources of non-uniformity a function reads: module-scope memory
//! other invocations may write, and the entry point's inputs.

use naga::{AddressSpace, Binding, BuiltIn, Handle, ImageClass, StorageAccess, TypeInner};

use super::Builder;

impl Builder<'_> {
    pub(super) fn global_is_non_uniform(
        &self,
        global: Handle<naga::GlobalVariable>,
    ) -> Option<String> {
        let var = &self.module.global_variables[global];
        let name = crate::ir::global_name(self.module, global);
        match var.space {
            AddressSpace::Storage { access } if access.contains(StorageAccess::STORE) => Some(
                format!("`{name}` is read_write storage: other invocations may write it, so loads may differ"),
            ),
            AddressSpace::WorkGroup => Some(format!(
                "`{name}` is workgroup memory: loads may differ between invocations (workgroupUniformLoad reads it uniformly)"
            )),
            AddressSpace::Private if self.uniform_privates.contains(&global) => None,
            AddressSpace::Private => Some(format!(
                "`{name}` is a private variable, which each invocation may write differently"
            )),
            AddressSpace::Handle => match self.module.types[var.ty].inner {
                TypeInner::Image {
                    class: ImageClass::Storage { access, .. },
                    ..
                } if access.contains(StorageAccess::STORE) => Some(format!(
                    "`{name}` is a read_write storage texture: other invocations may write it"
                )),
                _ => None,
            },
            _ => None,
        }
    }

    fn builtin_reason(binding: &Binding, name: &str) -> Option<String> {
        match *binding {
            Binding::BuiltIn(
                BuiltIn::WorkGroupId
                | BuiltIn::NumWorkGroups
                | BuiltIn::WorkGroupSize
                | BuiltIn::SubgroupSize
                | BuiltIn::NumSubgroups,
            ) => None,
            Binding::BuiltIn(b) => Some(format!(
                "`{name}` is the builtin {b:?}, which differs between invocations"
            )),
            Binding::Location { .. } => Some(format!(
                "`{name}` is a shader input, which differs between invocations"
            )),
        }
    }

    /// Why an entry point's argument may differ between invocations. A
    /// structure counts as a whole, as in WGSL: one member that differs
    /// makes all of it non-uniform.
    pub(super) fn entry_argument_reason(&self, index: usize) -> Option<String> {
        let argument = &self.function.arguments[index];
        let name = argument
            .name
            .clone()
            .unwrap_or_else(|| format!("argument {index}"));
        if let Some(binding) = &argument.binding {
            return Self::builtin_reason(binding, &name);
        }
        let TypeInner::Struct { ref members, .. } = self.module.types[argument.ty].inner else {
            return None;
        };
        members.iter().find_map(|member| {
            let member_name = member.name.clone().unwrap_or_default();
            let reason = member
                .binding
                .as_ref()
                .and_then(|b| Self::builtin_reason(b, &member_name))?;
            Some(format!(
                "`{name}` holds member `{member_name}`, and a structure of entry point inputs is uniform only if all its members are: {reason}"
            ))
        })
    }
}
