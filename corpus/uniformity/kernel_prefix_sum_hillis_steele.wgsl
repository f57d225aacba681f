// A Hillis-Steele scan over workgroup memory: the offset doubles each step,
// the same in every invocation. Three barriers, all uniform.
var<workgroup> temp: array<u32, 128>;
@group(0) @binding(0) var<storage, read_write> data: array<u32>;

@compute @workgroup_size(128)
fn main(@builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wid: vec3<u32>) {
  let base = wid.x * 128u;
  temp[lid] = data[base + lid];
  workgroupBarrier();
  for (var offset = 1u; offset < 128u; offset *= 2u) {
    var v = temp[lid];
    if (lid >= offset) {
      v += temp[lid - offset];
    }
    workgroupBarrier();
    temp[lid] = v;
    workgroupBarrier();
  }
  data[base + lid] = temp[lid];
}
