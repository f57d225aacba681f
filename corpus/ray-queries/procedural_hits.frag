#version 460
#extension GL_EXT_ray_query : require

// Ray queries in a fragment shader: procedural (AABB) candidates become
// hits at t = 0.5, a triangle candidate ends the traversal.

layout(set = 0, binding = 0) uniform accelerationStructureEXT scene;
layout(location = 0) in vec3 position;
layout(location = 0) out vec4 color;

void main() {
    rayQueryEXT query;
    rayQueryInitializeEXT(query, scene, gl_RayFlagsTerminateOnFirstHitEXT, 0x0f, position, 0.0, vec3(0.0, 0.0, 1.0), 1.0);
    while (rayQueryProceedEXT(query)) {
        if (rayQueryGetIntersectionTypeEXT(query, false) == gl_RayQueryCandidateIntersectionAABBEXT)
            rayQueryGenerateIntersectionEXT(query, 0.5);
        else
            rayQueryTerminateEXT(query);
    }
    bool front = rayQueryGetIntersectionFrontFaceEXT(query, true);
    mat4x3 toWorld = rayQueryGetIntersectionObjectToWorldEXT(query, true);
    int ids = rayQueryGetIntersectionGeometryIndexEXT(query, true) + rayQueryGetIntersectionInstanceCustomIndexEXT(query, true);
    uint record = rayQueryGetIntersectionInstanceShaderBindingTableRecordOffsetEXT(query, true);
    float toObject = rayQueryGetIntersectionWorldToObjectEXT(query, false)[0].y;
    color = vec4(front ? 1.0 : 0.0, toWorld[3].x + float(ids) + float(record), toObject, 1.0);
}
