/* Copyright (c) 2026, Sascha Willems
 *
 * SPDX-License-Identifier: MIT
 *
 */

struct RayPayload
{
    vec3 hitValue;
    uint seed;
    bool shadowed;
};
