@compute @workgroup_size(1)
fn f(){let a=1;_=i32(a);}
