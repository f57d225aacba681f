@compute @workgroup_size(1)
fn foo(){
  let s1 = modf(0.0);
}
