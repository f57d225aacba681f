// `break if` on a value that depends on the invocation.
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  var i = 0u;
  loop {
    workgroupBarrier();
    continuing {
      i++;
      break if i >= lid;
    }
  }
}
