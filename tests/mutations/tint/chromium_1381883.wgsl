const C = 2;

@fragment
fn main(@location(C) none : f32) {
}
