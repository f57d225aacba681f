// The middle function of three stores its non-uniform value parameter; the
// innermost only reads.
@group(0) @binding(0) var<storage, read_write> data: array<u32>;

fn inner(p: ptr<function, u32>) {
  data[0] = *p;
}

fn middle(p: ptr<function, u32>, x: u32) {
  *p = x;
  inner(p);
}

fn outer(p: ptr<function, u32>, x: u32) {
  middle(p, x);
}

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  var v = 0u;
  outer(&v, lid % 2u);
  if (v == 0u) {
    workgroupBarrier();
  }
}
