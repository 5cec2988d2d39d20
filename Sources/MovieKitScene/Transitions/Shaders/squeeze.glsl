// Name: squeeze
// Author: MovieKit contributors
// License: Apache-2.0
// Description: The picture is squeezed into a line across the middle, with split colours, uncovering the next one.

// How far apart the colour channels are shifted.
uniform float colorSeparation; // = 0.04

vec4 transition(vec2 uv) {
  float y = 0.5 + (uv.y - 0.5) / (1.0 - progress);
  if (y < 0.0 || y > 1.0) return getToColor(uv);
  vec2 p = vec2(uv.x, y);
  vec2 split = progress * vec2(0.0, colorSeparation);
  vec4 c = getFromColor(p);
  return vec4(getFromColor(p - split).r, c.g, getFromColor(p + split).b, c.a);
}
