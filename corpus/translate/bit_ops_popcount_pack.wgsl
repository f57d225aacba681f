// Integer bit manipulation builtins: countOneBits, reverseBits,
// firstLeadingBit, firstTrailingBit, extractBits, insertBits, bitcast,
// select, and pack4x8unorm / unpack4x8unorm. Mixed arithmetic and bitwise
// expressions are always parenthesised.

struct BitInfo {
    popcount: u32,
    reversed: u32,
    leading: u32,
    trailing: u32,
    nibble: u32,
    merged: u32,
    packed: u32,
    signed_view: i32,
}

@group(0) @binding(0) var<storage, read> words: array<u32>;
@group(0) @binding(1) var<storage, read_write> infos: array<BitInfo>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let i = gid.x;
    if (i >= min(arrayLength(&words), arrayLength(&infos))) {
        return;
    }
    let w = words[i];
    var info: BitInfo;
    info.popcount = countOneBits(w);
    info.reversed = reverseBits(w);
    info.leading = firstLeadingBit(w);
    info.trailing = firstTrailingBit(w);
    info.nibble = extractBits(w, 4u, 4u);
    info.merged = insertBits(w, (w >> 8u) & 0xffu, 24u, 8u);
    let unit = unpack4x8unorm(w);
    info.packed = pack4x8unorm(clamp(unit.wzyx * 1.25, vec4<f32>(0.0), vec4<f32>(1.0)));
    let s = bitcast<i32>(w);
    info.signed_view = select(s, -(s >> 1u), s < 0);
    infos[i] = info;
}
