@compute @workgroup_size(1)
fn f() {
  const v = vec3(1, 2, 3);
  let i = 1;
  var b = v.rg[i];
}
