@compute @workgroup_size(1)
fn v() {
  const v = vec2(1);
  let i = 1;
  var b = v[i];
}
