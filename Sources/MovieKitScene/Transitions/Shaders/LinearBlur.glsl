// Name: LinearBlur
// Author: MovieKit contributors
// License: Apache-2.0
// Description: Both pictures blur while they crossfade, sharpest at the ends.

// How far the blur reaches at the middle.
uniform float intensity; // = 0.1

vec4 transition(vec2 uv) {
  float reach = intensity * (0.5 - distance(0.5, progress));
  vec4 current = vec4(0.0);
  vec4 next = vec4(0.0);
  // A 6 x 6 box of samples, offset from -0.5 to 1/3 of the reach.
  for (int i = 0; i < 6; i++) {
    for (int j = 0; j < 6; j++) {
      vec2 offset = (vec2(float(i), float(j)) / 6.0 - 0.5) * reach;
      current += getFromColor(uv + offset);
      next += getToColor(uv + offset);
    }
  }
  return mix(current / 36.0, next / 36.0, progress);
}
