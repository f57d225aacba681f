@compute
@workgroup_size(1)
fn a() {}

const_assert(true);
