//! The textures and samplers of a dispatch on the device: their layout
//! entries, their creation with the planned texels, and the read-back of
//! the storage textures the shaders write.

use super::textures::{Made, ResourcePlan, TextureShape};

/// A texture or sampler made on the device, kept alive with the pipeline.
pub struct Created {
    pub texture: Option<wgpu::Texture>,
    pub view: Option<wgpu::TextureView>,
    pub sampler: Option<wgpu::Sampler>,
}

/// What one binding of textures or samplers is bound to: a binding
/// array's elements together.
pub enum Bound<'a> {
    One(&'a Created),
    Views(Vec<&'a wgpu::TextureView>),
    Samplers(Vec<&'a wgpu::Sampler>),
}

impl Bound<'_> {
    pub fn resource(&self) -> wgpu::BindingResource<'_> {
        match self {
            Bound::One(Created {
                view: Some(view), ..
            }) => wgpu::BindingResource::TextureView(view),
            Bound::One(Created {
                sampler: Some(sampler),
                ..
            }) => wgpu::BindingResource::Sampler(sampler),
            Bound::One(_) => unreachable!("a texture or a sampler"),
            Bound::Views(views) => wgpu::BindingResource::TextureViewArray(views),
            Bound::Samplers(samplers) => wgpu::BindingResource::SamplerArray(samplers),
        }
    }
}

/// The layout entries of the textures and samplers of `group`, one a
/// binding (a binding array's with its count), each seen by the stages
/// `visibility` gives the resource's index.
pub fn layout_entries(
    resources: &[ResourcePlan],
    group: u32,
    visibility: impl Fn(usize) -> wgpu::ShaderStages,
) -> Vec<wgpu::BindGroupLayoutEntry> {
    resources
        .iter()
        .enumerate()
        .filter(|(_, r)| r.group == group && r.element.is_none_or(|(element, _)| element == 0))
        .map(|(i, r)| wgpu::BindGroupLayoutEntry {
            binding: r.binding,
            visibility: visibility(i),
            ty: r.layout_type(),
            count: r
                .element
                .and_then(|(_, count)| std::num::NonZeroU32::new(count)),
        })
        .collect()
}

/// What each binding of textures and samplers of `group` is bound to.
pub fn bound<'a>(
    resources: &[ResourcePlan],
    created: &'a [Created],
    group: u32,
) -> Vec<(u32, Bound<'a>)> {
    let mut out: Vec<(u32, Bound<'a>)> = Vec::new();
    for (r, c) in resources.iter().zip(created) {
        if r.group != group {
            continue;
        }
        let Some((element, _)) = r.element else {
            out.push((r.binding, Bound::One(c)));
            continue;
        };
        if element == 0 {
            out.push((
                r.binding,
                match c.view {
                    Some(_) => Bound::Views(Vec::new()),
                    None => Bound::Samplers(Vec::new()),
                },
            ));
        }
        match (out.last_mut(), &c.view, &c.sampler) {
            (Some((_, Bound::Views(views))), Some(view), _) => views.push(view),
            (Some((_, Bound::Samplers(samplers))), _, Some(sampler)) => samplers.push(sampler),
            _ => unreachable!("an array's elements follow its first"),
        }
    }
    out
}

/// Makes every resource of a dispatch and fills its textures.
pub fn create(
    device: &wgpu::Device,
    queue: &wgpu::Queue,
    resources: &[ResourcePlan],
    label: &str,
) -> Vec<Created> {
    resources
        .iter()
        .map(|r| match &r.made {
            Made::Sampler(modes) => Created {
                texture: None,
                view: None,
                sampler: Some(device.create_sampler(&modes.descriptor())),
            },
            Made::Texture {
                shape,
                binding_type,
                data,
            } => {
                let storage = matches!(binding_type, wgpu::BindingType::StorageTexture { .. });
                let atomic = matches!(
                    binding_type,
                    wgpu::BindingType::StorageTexture {
                        access: wgpu::StorageTextureAccess::Atomic,
                        ..
                    }
                );
                let drawn =
                    !data.is_empty() && (!shape.format.copyable() || shape.sample_count > 1);
                let mut usage = wgpu::TextureUsages::COPY_DST;
                usage |= if storage {
                    wgpu::TextureUsages::STORAGE_BINDING | wgpu::TextureUsages::COPY_SRC
                } else {
                    wgpu::TextureUsages::TEXTURE_BINDING
                };
                if drawn {
                    usage |= wgpu::TextureUsages::RENDER_ATTACHMENT;
                }
                if atomic {
                    usage |= wgpu::TextureUsages::STORAGE_ATOMIC;
                }
                let texture = device.create_texture(&wgpu::TextureDescriptor {
                    label: Some(label),
                    size: shape.size,
                    mip_level_count: shape.mip_levels,
                    sample_count: shape.sample_count,
                    dimension: shape.dimension,
                    format: shape.format.format,
                    usage,
                    view_formats: &[],
                });
                if drawn {
                    super::texture_fill::draw(device, queue, &texture, shape, data, label);
                } else if !data.is_empty() {
                    upload(queue, &texture, shape, data);
                }
                let view = texture.create_view(&wgpu::TextureViewDescriptor {
                    label: Some(label),
                    dimension: Some(shape.view_dimension),
                    ..Default::default()
                });
                Created {
                    texture: Some(texture),
                    view: Some(view),
                    sampler: None,
                }
            }
        })
        .collect()
}

/// Writes every mip level's texels.
fn upload(queue: &wgpu::Queue, texture: &wgpu::Texture, shape: &TextureShape, data: &[u8]) {
    let bytes = shape.format.bytes() as u32;
    let mut offset = 0usize;
    for level in 0..shape.mip_levels {
        let e = shape.size.mip_level_size(level, shape.dimension);
        let len = shape.texels(level) as usize * bytes as usize;
        queue.write_texture(
            wgpu::TexelCopyTextureInfo {
                texture,
                mip_level: level,
                origin: wgpu::Origin3d::ZERO,
                aspect: wgpu::TextureAspect::All,
            },
            &data[offset..offset + len],
            wgpu::TexelCopyBufferLayout {
                offset: 0,
                bytes_per_row: Some(e.width * bytes),
                rows_per_image: Some(e.height),
            },
            e,
        );
        offset += len;
    }
}

/// Where a storage texture's first mip level is copied for reading, and
/// how its rows are padded there.
pub struct ReadBack {
    pub buffer: wgpu::Buffer,
    row_bytes: usize,
    padded_row_bytes: usize,
}

/// Copies each written storage texture into a buffer that can be mapped.
pub fn copy_back(
    device: &wgpu::Device,
    encoder: &mut wgpu::CommandEncoder,
    resources: &[ResourcePlan],
    created: &[Created],
    label: &str,
) -> Vec<Option<ReadBack>> {
    resources
        .iter()
        .zip(created)
        .map(|(r, c)| {
            let (true, Made::Texture { shape, .. }, Some(texture)) =
                (r.read_back, &r.made, &c.texture)
            else {
                return None;
            };
            let e = shape.size;
            let row_bytes = e.width as usize * shape.format.bytes();
            let align = wgpu::COPY_BYTES_PER_ROW_ALIGNMENT as usize;
            let padded_row_bytes = row_bytes.div_ceil(align) * align;
            let rows = e.height as usize * e.depth_or_array_layers as usize;
            let buffer =
                super::read_back::read_back_buffer(device, label, (padded_row_bytes * rows) as u64);
            encoder.copy_texture_to_buffer(
                wgpu::TexelCopyTextureInfo {
                    texture,
                    mip_level: 0,
                    origin: wgpu::Origin3d::ZERO,
                    aspect: wgpu::TextureAspect::All,
                },
                wgpu::TexelCopyBufferInfo {
                    buffer: &buffer,
                    layout: wgpu::TexelCopyBufferLayout {
                        offset: 0,
                        bytes_per_row: Some(padded_row_bytes as u32),
                        rows_per_image: Some(e.height),
                    },
                },
                e,
            );
            Some(ReadBack {
                buffer,
                row_bytes,
                padded_row_bytes,
            })
        })
        .collect()
}

impl ReadBack {
    /// The texels without the rows' padding.
    pub fn unpad(&self, padded: &[u8]) -> Vec<u8> {
        padded
            .chunks(self.padded_row_bytes)
            .flat_map(|row| &row[..self.row_bytes])
            .copied()
            .collect()
    }
}
