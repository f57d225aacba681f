//! Binding arrays of textures and samplers split into one binding per
//! element, for validation.
//!
//! wgpu binds a binding array only with the adapter's
//! `TEXTURE_BINDING_ARRAY` (lavapipe 22.3 has none), and never in a bind
//! group that also holds a uniform buffer. Validation still runs such
//! shaders by giving each element a binding of its own, in the shader and
//! its reference alike: the array's own binding keeps element 0, and
//! element `k` of the array at binding `b` takes binding
//! [`split_element_binding`]`(b, k)` of the same group.
//!
//! An element chosen by a constant (`textures[2]`) becomes that element's
//! variable. An element chosen at run time (`textures[i]`) cannot be: naga,
//! like WGSL, reads a texture only from a variable. So the expression that
//! uses it (a sample, a load, a query) is computed once with every element
//! and the one of index `i` is selected (`select(…, i == k)`). Every
//! invocation computes every element's result in the same control flow, so
//! implicit derivatives stay defined as they are in the original.

use std::collections::HashMap;

use naga::{
    AddressSpace, BinaryOperator, Expression, GlobalVariable, Handle, ImageClass, Literal, Module,
    ResourceBinding, ScalarKind, TypeInner,
};

use super::{functions_mut, rebuild_function, BlockBuilder, Rewrite};

/// Which binding arrays [`split_binding_arrays`] splits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SplitArrays {
    /// Every binding array of textures or samplers (an adapter without
    /// binding arrays).
    Every,
    /// Those whose bind group also holds a uniform buffer, which wgpu
    /// refuses in one group.
    BesideUniformBuffers,
}

/// One binding array that was split.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SplitArray {
    /// The array's name in the shader.
    pub name: String,
    /// The array's binding, now element 0's.
    pub binding: ResourceBinding,
    /// The bindings of elements 1 and on.
    pub elements: Vec<ResourceBinding>,
}

/// The first binding the elements past the first take.
pub const SPLIT_FIRST_BINDING: u32 = 500;
/// The elements an array may have to be split: each array's elements take
/// a run of this many bindings.
pub const SPLIT_MAX_ELEMENTS: u32 = 16;

/// The binding element `k` (1 and on) of the array at `binding` takes:
/// fixed by the array's binding alone, so that two stages of a draw and a
/// shader and its reference split alike. `None` past wgpu's 1,000
/// bindings a group.
pub fn split_element_binding(binding: u32, k: u32) -> Option<u32> {
    if k == 0 || k >= SPLIT_MAX_ELEMENTS {
        return None;
    }
    let at = SPLIT_FIRST_BINDING
        .checked_add(binding.checked_mul(SPLIT_MAX_ELEMENTS)?)?
        .checked_add(k - 1)?;
    (at < 1000).then_some(at)
}

/// The bind groups where `module` has a uniform buffer: wgpu refuses a
/// binding array in them.
pub fn uniform_buffer_groups(module: &Module) -> Vec<u32> {
    module
        .global_variables
        .iter()
        .filter(|(_, v)| v.space == AddressSpace::Uniform)
        .filter_map(|(_, v)| v.binding.map(|b| b.group))
        .collect()
}

/// Splits the binding arrays of sampled textures, depth textures and
/// samplers that `which` names into one variable per element (`length`
/// elements for an array of that size, `unsized_length` for a
/// runtime-sized one). Leaves `module` as it was and says why when an
/// array cannot be split: too long, a binding past the range, an element
/// binding the module already uses, or a use other than sampling,
/// loading or querying (an argument to a function).
pub fn split_binding_arrays(
    module: &mut Module,
    unsized_length: u32,
    which: SplitArrays,
) -> Result<Vec<SplitArray>, String> {
    let uniform_groups = uniform_buffer_groups(module);
    let arrays: Vec<(
        Handle<GlobalVariable>,
        Handle<naga::Type>,
        u32,
        ResourceBinding,
    )> = module
        .global_variables
        .iter()
        .filter_map(|(handle, var)| {
            let TypeInner::BindingArray { base, size } = module.types[var.ty].inner else {
                return None;
            };
            let splittable = matches!(
                module.types[base].inner,
                TypeInner::Sampler { .. }
                    | TypeInner::Image {
                        class: ImageClass::Sampled { .. } | ImageClass::Depth { .. },
                        ..
                    }
            );
            let length = match size {
                naga::ArraySize::Constant(n) => n.get(),
                naga::ArraySize::Dynamic => unsized_length.max(1),
                naga::ArraySize::Pending(_) => return None,
            };
            let binding = var.binding?;
            let chosen = match which {
                SplitArrays::Every => true,
                SplitArrays::BesideUniformBuffers => uniform_groups.contains(&binding.group),
            };
            (splittable && chosen).then_some((handle, base, length, binding))
        })
        .collect();
    if arrays.is_empty() {
        return Ok(Vec::new());
    }

    let mut split = module.clone();
    let mut taken: Vec<ResourceBinding> = module
        .global_variables
        .iter()
        .filter_map(|(_, v)| v.binding)
        .collect();
    let mut elements_of = HashMap::new();
    let mut report = Vec::new();
    for (array, base, length, binding) in arrays {
        let name = module.global_variables[array]
            .name
            .clone()
            .unwrap_or_else(|| format!("binding {}", binding.binding));
        split.global_variables[array].ty = base;
        let mut elements = vec![array];
        let mut element_bindings = Vec::new();
        for k in 1..length {
            let at = split_element_binding(binding.binding, k).ok_or_else(|| {
                format!(
                    "`{name}` has {length} elements at binding {}, more than can be given a binding each",
                    binding.binding
                )
            })?;
            let element_binding = ResourceBinding {
                group: binding.group,
                binding: at,
            };
            if taken.contains(&element_binding) {
                return Err(format!(
                    "element {k} of `{name}` would take @group({}) @binding({at}), which the shader uses",
                    binding.group
                ));
            }
            taken.push(element_binding);
            let span = module.global_variables.get_span(array);
            elements.push(split.global_variables.append(
                GlobalVariable {
                    name: Some(format!("{name}_{k}")),
                    space: AddressSpace::Handle,
                    binding: Some(element_binding),
                    ty: base,
                    init: None,
                    memory_decorations: Default::default(),
                },
                span,
            ));
            element_bindings.push(element_binding);
        }
        elements_of.insert(array, elements);
        report.push(SplitArray {
            name,
            binding,
            elements: element_bindings,
        });
    }

    for function in functions_mut(&mut split) {
        let mut rewrite = ByElement {
            elements_of: &elements_of,
            chosen_at_run_time: HashMap::new(),
        };
        rebuild_function(function, &mut rewrite)
            .map_err(|e| format!("a function of the shader cannot be rebuilt ({})", e.0))?;
    }
    naga::compact::compact(&mut split, naga::compact::KeepUnused::Yes);
    super::validate(&split).map_err(|e| {
        format!(
            "split, the shader is not valid ({}): an element is used other than by sampling, loading or querying it",
            e.as_inner()
        )
    })?;
    *module = split;
    Ok(report)
}

/// The rewrite of one function: constant indices name their element, and
/// every use of an element chosen at run time is made once per element.
struct ByElement<'a> {
    elements_of: &'a HashMap<Handle<GlobalVariable>, Vec<Handle<GlobalVariable>>>,
    /// Stand-ins for `array[index]` (an index chosen at run time): the
    /// index as a `u32`, whose handle no other expression has, with the
    /// array it indexes.
    chosen_at_run_time: HashMap<Handle<Expression>, Handle<GlobalVariable>>,
}

impl ByElement<'_> {
    fn elements_indexed(
        &self,
        b: &BlockBuilder<'_>,
        base: Handle<Expression>,
    ) -> Option<&Vec<Handle<GlobalVariable>>> {
        match b.expressions()[base] {
            Expression::GlobalVariable(global) => self.elements_of.get(&global),
            _ => None,
        }
    }

    /// `expression` with each operand that stands for an element chosen at
    /// run time replaced by every element in turn, selected by index.
    fn each_element(
        &self,
        b: &mut BlockBuilder<'_>,
        expression: &Expression,
        mut operands: Vec<Handle<Expression>>,
    ) -> Handle<Expression> {
        let Some(operand) = operands.pop() else {
            return b.expr(expression.clone());
        };
        let elements = &self.elements_of[&self.chosen_at_run_time[&operand]];
        let results: Vec<Handle<Expression>> = elements
            .iter()
            .map(|&element| {
                let variable = b.expr(Expression::GlobalVariable(element));
                let with_element = replace_operand(expression, operand, variable);
                self.each_element(b, &with_element, operands.clone())
            })
            .collect();
        let mut chosen = *results.last().expect("an array has an element");
        for (k, &result) in results.iter().enumerate().rev().skip(1) {
            let k = b.expr(Expression::Literal(Literal::U32(k as u32)));
            let condition = b.expr(Expression::Binary {
                op: BinaryOperator::Equal,
                left: operand,
                right: k,
            });
            chosen = b.expr(Expression::Select {
                condition,
                accept: result,
                reject: chosen,
            });
        }
        chosen
    }
}

/// `expression` with its image or sampler operand `from` replaced by `to`.
fn replace_operand(
    expression: &Expression,
    from: Handle<Expression>,
    to: Handle<Expression>,
) -> Expression {
    let swap = |h: Handle<Expression>| if h == from { to } else { h };
    let mut e = expression.clone();
    match &mut e {
        Expression::ImageSample { image, sampler, .. } => {
            *image = swap(*image);
            *sampler = swap(*sampler);
        }
        Expression::ImageLoad { image, .. } | Expression::ImageQuery { image, .. } => {
            *image = swap(*image);
        }
        _ => {}
    }
    e
}

impl Rewrite for ByElement<'_> {
    fn expression(
        &mut self,
        b: &mut BlockBuilder<'_>,
        expression: &Expression,
    ) -> Option<Handle<Expression>> {
        match *expression {
            Expression::AccessIndex { base, index } => {
                let element = *self.elements_indexed(b, base)?.get(index as usize)?;
                Some(b.expr(Expression::GlobalVariable(element)))
            }
            Expression::Access { base, index } => {
                let Expression::GlobalVariable(array) = b.expressions()[base] else {
                    return None;
                };
                self.elements_of.get(&array)?;
                let stand_in = b.expr(Expression::As {
                    expr: index,
                    kind: ScalarKind::Uint,
                    convert: Some(4),
                });
                self.chosen_at_run_time.insert(stand_in, array);
                Some(stand_in)
            }
            Expression::ImageSample { image, sampler, .. } => {
                let operands: Vec<_> = [image, sampler]
                    .into_iter()
                    .filter(|h| self.chosen_at_run_time.contains_key(h))
                    .collect();
                (!operands.is_empty()).then(|| self.each_element(b, expression, operands))
            }
            Expression::ImageLoad { image, .. } | Expression::ImageQuery { image, .. } => self
                .chosen_at_run_time
                .contains_key(&image)
                .then(|| self.each_element(b, expression, vec![image])),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Module {
        naga::front::wgsl::parse_str(text).unwrap()
    }

    fn wgsl(module: &Module) -> String {
        naga::back::wgsl::write_string(
            module,
            &crate::ir::validate(module).unwrap(),
            naga::back::wgsl::WriterFlags::empty(),
        )
        .unwrap()
    }

    const ARRAYS: &str = "enable wgpu_binding_array;
         @group(0) @binding(0) var textures: binding_array<texture_2d<f32>, 3>;
         @group(0) @binding(1) var samplers: binding_array<sampler>;
         @group(0) @binding(2) var<storage, read_write> out: array<vec4<f32>>;
         @compute @workgroup_size(1)
         fn main(@builtin(global_invocation_id) id: vec3<u32>) {
             let i = id.x % 3u;
             out[id.x] = textureSampleLevel(textures[i], samplers[id.y % 2u], vec2<f32>(0.5), 0.0)
                 + textureLoad(textures[1], vec2<i32>(0), 0)
                 + vec4<f32>(f32(textureDimensions(textures[i]).x));
         }";

    #[test]
    fn every_element_gets_a_binding_and_the_module_validates() {
        let mut module = parse(ARRAYS);
        let split = split_binding_arrays(&mut module, 2, SplitArrays::Every).unwrap();
        assert_eq!(split.len(), 2);
        assert_eq!(split[0].name, "textures");
        let bindings: Vec<u32> = split[0].elements.iter().map(|b| b.binding).collect();
        assert_eq!(bindings, [500, 501]);
        let bindings: Vec<u32> = split[1].elements.iter().map(|b| b.binding).collect();
        assert_eq!(bindings, [516]);
        let text = wgsl(&module);
        assert!(!text.contains("binding_array"), "{text}");
        assert!(text.contains("@group(0) @binding(501)"), "{text}");
        // Three textures times two samplers, selected by both indices.
        assert_eq!(text.matches("textureSampleLevel(").count(), 6, "{text}");
        assert_eq!(text.matches("textureDimensions(").count(), 3, "{text}");
        // A constant index names its element.
        assert!(text.contains("textureLoad(textures_1_,"), "{text}");
    }

    #[test]
    fn beside_uniform_buffers_only_groups_holding_one_are_split() {
        let mut module = parse(ARRAYS);
        let split =
            split_binding_arrays(&mut module, 2, SplitArrays::BesideUniformBuffers).unwrap();
        assert!(split.is_empty());
        let text = ARRAYS.replace(
            "@group(0) @binding(2) var<storage, read_write> out: array<vec4<f32>>;",
            "@group(0) @binding(2) var<storage, read_write> out: array<vec4<f32>>;
             @group(0) @binding(3) var<uniform> scale: vec4<f32>;",
        );
        let mut module = parse(&text.replace("0.5)", "0.5) * scale.x"));
        let split =
            split_binding_arrays(&mut module, 2, SplitArrays::BesideUniformBuffers).unwrap();
        assert_eq!(split.len(), 2);
        wgsl(&module);
    }

    #[test]
    fn an_element_binding_the_shader_uses_leaves_the_module_as_it_was() {
        let text = ARRAYS.replace("@binding(2) var<storage", "@binding(500) var<storage");
        let mut module = parse(&text);
        let before = format!("{module:?}");
        let error = split_binding_arrays(&mut module, 2, SplitArrays::Every).unwrap_err();
        assert!(error.contains("@binding(500)"), "{error}");
        assert_eq!(format!("{module:?}"), before);
    }

    #[test]
    fn element_bindings_stay_below_a_thousand() {
        assert_eq!(split_element_binding(0, 1), Some(500));
        assert_eq!(split_element_binding(30, 15), Some(994));
        assert_eq!(split_element_binding(31, 4), Some(999));
        assert_eq!(split_element_binding(31, 5), None);
        assert_eq!(split_element_binding(0, 16), None);
        assert_eq!(split_element_binding(0, 0), None);
    }
}
