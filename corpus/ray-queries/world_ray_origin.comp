#version 460
#extension GL_EXT_ray_query : require

layout(local_size_x = 32) in;

layout(set = 0, binding = 0) uniform accelerationStructureEXT scene;
layout(set = 0, binding = 1) buffer Origins { vec4 origins[]; };

void main() {
    uint i = gl_GlobalInvocationID.x;
    rayQueryEXT query;
    rayQueryInitializeEXT(query, scene, gl_RayFlagsOpaqueEXT, 0xff, origins[i].xyz, 0.0, vec3(0.0, 0.0, 1.0), 10.0);
    rayQueryProceedEXT(query);
    origins[i] = vec4(rayQueryGetWorldRayOriginEXT(query), 1.0);
}
