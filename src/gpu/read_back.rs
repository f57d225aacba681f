//! Buffers the host maps to read what the GPU wrote: every run's results,
//! textures' texels and timestamps come back through one.

/// A buffer of `size` bytes the host maps to read what a copy put in it.
pub(crate) fn read_back_buffer(device: &wgpu::Device, label: &str, size: u64) -> wgpu::Buffer {
    device.create_buffer(&wgpu::BufferDescriptor {
        label: Some(label),
        size,
        usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
        mapped_at_creation: false,
    })
}

/// A copy of `buffer`, recorded in `encoder`, into a buffer the host maps
/// once the encoder's work is done.
pub(crate) fn copy_for_read_back(
    device: &wgpu::Device,
    encoder: &mut wgpu::CommandEncoder,
    buffer: &wgpu::Buffer,
    label: &str,
) -> wgpu::Buffer {
    let staging = read_back_buffer(device, label, buffer.size());
    encoder.copy_buffer_to_buffer(buffer, 0, &staging, 0, buffer.size());
    staging
}
