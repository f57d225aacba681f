@compute @workgroup_size(1)
fn foo(){
  _ = array(4);
}
