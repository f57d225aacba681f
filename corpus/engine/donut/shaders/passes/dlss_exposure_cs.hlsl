/*
* Copyright (c) 2021-2025, NVIDIA CORPORATION. All rights reserved.
*
* Permission is hereby granted, free of charge, to any person obtaining a
* copy of this software and associated documentation files (the "Software"),
* to deal in the Software without restriction, including without limitation
* the rights to use, copy, modify, merge, publish, distribute, sublicense,
* and/or sell copies of the Software, and to permit persons to whom the
* Software is furnished to do so, subject to the following conditions:
*
* The above copyright notice and this permission notice shall be included in
* all copies or substantial portions of the Software.
*
* THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
* IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
* FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT.  IN NO EVENT SHALL
* THE AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
* LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING
* FROM, OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER
* DEALINGS IN THE SOFTWARE.
*/

#include <donut/shaders/binding_helpers.hlsli>

Buffer<uint> t_Source : register(t0);
RWTexture2D<float> u_Dest : register(u0);

struct Constants {
    float scale;
};

DECLARE_PUSH_CONSTANTS(Constants, g_Const, 0, 0);

// Converts the exposure (adapted luminance) value computed by Donut's ToneMappingPass
// into a texture consumable by DLSS.

[numthreads(1, 1, 1)]
void main()
{
    float adaptedLuminance = asfloat(t_Source[0]);

    float exposure = 1.0;
    if (adaptedLuminance > 0)
    {
        // Use the conversion suggested in the DLSS Programming Guide,
        // section 3.9 "Exposure Parameter"
        const float midGray = 0.18;
        exposure = midGray / (adaptedLuminance * (1.0 - midGray));
    }

    exposure *= g_Const.scale;

    u_Dest[int2(0, 0)] = exposure;
}