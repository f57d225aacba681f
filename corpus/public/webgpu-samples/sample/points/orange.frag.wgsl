
@fragment fn fs() -> @location(0) vec4f {
  return vec4f(1, 0.5, 0.2, 1);
}
