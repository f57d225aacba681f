@compute @workgroup_size(1)
fn f() {
    for (var i0520 = array<i32, 636109182>()[ 0]; false;) {}
    for (var i62 = array<i32,   656633 >()[0]; false;) {}
    for (var i0520 = array<i32, 636109182>()[ 0]; false;) {}
    for (var i62 = array<i32,   656633 >()[0]; false;) {}
    for (var i62 = array<i32,   6566335>()[341]; false;) {}
    for (var i60 = array<i32, 1>()[0]; false;) {}
    for (var i62 = array<i32,   6566335>()[341]; false;) {}
    for (var i60 = array<i32, 1>()[0]; false;) {}
}
