@compute @workgroup_size(1)
fn main() {
    loop {
        if true {
            break;
        } else {
            break;
        }
        let _e16_ = vec2(false, false);
        continuing {
            break if _e16_.x;
        }
    }
}
