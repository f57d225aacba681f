// The flag is set from the invocation index.
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  var done = false;
  var i = 0u;
  loop {
    if (done) {
      break;
    }
    workgroupBarrier();
    i++;
    done = i >= lid;
  }
}
