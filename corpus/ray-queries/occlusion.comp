#version 460
#extension GL_EXT_ray_query : require

layout(local_size_x = 64) in;

layout(set = 0, binding = 0) uniform accelerationStructureEXT scene;
layout(set = 0, binding = 1) buffer Rays { vec4 origins[]; };
layout(set = 0, binding = 4) uniform sampler coverageSampler;
layout(set = 0, binding = 5) uniform texture2D coverage;
layout(set = 0, binding = 2) buffer Hits { uvec4 hits[]; };
layout(set = 0, binding = 3) buffer Weights { vec2 weights[]; };

void main() {
    uint i = gl_GlobalInvocationID.x;
    vec3 origin = origins[i].xyz;
    rayQueryEXT query;
    rayQueryInitializeEXT(query, scene, gl_RayFlagsNoneEXT, 0xff, origin, 0.01, vec3(0.0, 1.0, 0.0), 100.0);
    while (rayQueryProceedEXT(query)) {
        if (rayQueryGetIntersectionTypeEXT(query, false) == gl_RayQueryCandidateIntersectionTriangleEXT) {
            vec2 bary = rayQueryGetIntersectionBarycentricsEXT(query, false);
            if (bary.x > textureLod(sampler2D(coverage, coverageSampler), bary, 0.0).r)
                rayQueryConfirmIntersectionEXT(query);
        }
    }
    uint kind = rayQueryGetIntersectionTypeEXT(query, true);
    int instance = rayQueryGetIntersectionInstanceIdEXT(query, true);
    int primitive = rayQueryGetIntersectionPrimitiveIndexEXT(query, true);
    hits[i] = uvec4(kind, uint(instance), uint(primitive), floatBitsToUint(rayQueryGetIntersectionTEXT(query, true)));
    weights[i] = rayQueryGetIntersectionBarycentricsEXT(query, true);
}
