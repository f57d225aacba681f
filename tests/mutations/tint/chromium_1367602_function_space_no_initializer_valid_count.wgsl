@compute @workgroup_size(1)
fn f() {
  var v : array<bool, 32767>;
}

