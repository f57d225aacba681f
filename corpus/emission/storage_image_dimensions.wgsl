// Copies a 3D volume and a layered image slice by slice, bounding the
// copy by the dimensions of the storage textures themselves.
@group(0) @binding(0) var volume_in: texture_storage_3d<rgba16float, read>;
@group(0) @binding(1) var volume_out: texture_storage_3d<rgba16float, write>;
@group(0) @binding(2) var layers: texture_storage_2d_array<r32uint, read_write>;

@compute @workgroup_size(4, 4, 4)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let size = textureDimensions(volume_in);
    if (all(gid < size) && all(gid < textureDimensions(volume_out))) {
        textureStore(volume_out, gid, textureLoad(volume_in, gid) * 0.5);
    }
    let layer_size = textureDimensions(layers);
    if (all(gid.xy < layer_size) && gid.z < textureNumLayers(layers)) {
        let v = textureLoad(layers, gid.xy, gid.z);
        textureStore(layers, gid.xy, gid.z, v + vec4<u32>(1u));
    }
}
