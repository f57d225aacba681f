// A Blelloch up-sweep whose barrier ended up inside the active-lane guard.
var<workgroup> temp: array<u32, 128>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  var offset = 1u;
  for (var d = 64u; d > 0u; d = d / 2u) {
    if (lid < d) {
      let ai = offset * (2u * lid + 1u) - 1u;
      let bi = offset * (2u * lid + 2u) - 1u;
      temp[bi] += temp[ai];
      workgroupBarrier();
    }
    offset *= 2u;
  }
}
