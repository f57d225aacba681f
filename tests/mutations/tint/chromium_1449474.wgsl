var<private> arr = array(array(array(array(array(array(array(array(array(array(array(array(array(array(array(array(array(array(array(array(array(array(array(array(array(array(array(array(array(array(array(array(array(array(array(array(array(array(array(array(array(array(array(array(array(array(array(array(array(array(array(array(array(array(array(array(array(array(array(array(array(array(array(array(array(-6))))))))))))))))))))))) ))))))))))))))))))))))))))))))))))))))))));

@compute @workgroup_size(1)
fn f() {;
    _ = arr;
}
