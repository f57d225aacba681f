@compute @workgroup_size(1)
fn d(){var j:i32;for(;0<0&&j<0-8;){}}
