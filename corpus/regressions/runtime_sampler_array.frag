#version 450
#extension GL_EXT_nonuniform_qualifier : require

// A runtime-sized array of combined image samplers indexed per fragment,
// as bindless material systems write it.
layout(set = 0, binding = 0) uniform sampler2D textures[];

layout(location = 0) flat in int material;
layout(location = 1) in vec2 uv;
layout(location = 0) out vec4 color;

void main() {
    color = texture(textures[nonuniformEXT(material)], uv);
}
