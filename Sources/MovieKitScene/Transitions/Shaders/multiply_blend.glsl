// Name: multiply_blend
// Author: MovieKit contributors
// License: Apache-2.0
// Description: The pictures cross through their multiplied blend.

vec4 transition(vec2 uv) {
  vec4 current = getFromColor(uv);
  vec4 next = getToColor(uv);
  vec4 product = current * next;
  if (progress < 0.5) {
    return mix(current, product, 2.0 * progress);
  }
  return mix(product, next, 2.0 * progress - 1.0);
}
