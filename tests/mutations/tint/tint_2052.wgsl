@fragment
fn f() {
    discard;
}
