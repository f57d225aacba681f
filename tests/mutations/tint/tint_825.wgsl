@compute @workgroup_size(1)
fn f() {
  var i : i32;
  var j : i32;
  let m : mat2x2<f32> = mat2x2<f32>(vec2<f32>(1.0, 2.0), vec2<f32>(3.0, 4.0));
  let f : f32 = m[i][j];
}
