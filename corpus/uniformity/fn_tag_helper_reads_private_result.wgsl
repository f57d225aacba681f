// A helper whose result comes from a private variable.
var<private> seed: u32 = 7u;

fn next_seed() -> u32 {
  seed = seed * 1664525u + 1013904223u;
  return seed;
}

@compute @workgroup_size(64)
fn main() {
  if (next_seed() % 2u == 0u) {
    workgroupBarrier();
  }
}
