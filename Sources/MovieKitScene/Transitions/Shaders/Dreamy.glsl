// Name: Dreamy
// Author: MovieKit contributors
// License: Apache-2.0
// Description: Both pictures wave vertically while they crossfade, as in a dream sequence.

// The vertical wave at a time `t` of the way through, for a column at `x`.
vec2 wave(float t, float x) {
  return vec2(0.0, 0.03 * t * cos(10.0 * (t + x)));
}

vec4 transition(vec2 uv) {
  vec4 current = getFromColor(uv + wave(progress, uv.x));
  vec4 next = getToColor(uv + wave(1.0 - progress, uv.x));
  return mix(current, next, progress);
}
