// Name: heart
// Author: MovieKit contributors
// License: Apache-2.0
// Description: A heart growing from below the centre reveals the next picture.

// 1 inside the heart of `size` around `centre`.
float inHeart(vec2 p, vec2 centre, float size) {
  if (size == 0.0) return 0.0;
  vec2 o = (p - centre) / (1.6 * size);
  float a = o.x * o.x + o.y * o.y - 0.3;
  return step(a * a * a, o.x * o.x * o.y * o.y * o.y);
}

vec4 transition(vec2 uv) {
  return mix(getFromColor(uv), getToColor(uv), inHeart(uv, vec2(0.5, 0.4), progress));
}
