@compute @workgroup_size(1)
fn foo() {
  let b = 1e-40f;
}
