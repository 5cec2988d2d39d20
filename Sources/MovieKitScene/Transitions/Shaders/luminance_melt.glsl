// Name: luminance_melt
// Author: MovieKit contributors
// License: Apache-2.0
// Description: The picture melts away upwards (or, with `direction`, downwards), its dark (or, with `above`, bright) parts first.
// MovieKit's own melt: gl-transitions' simplex-noise melt is not reproduced; load the collection for it.

// Whether the picture melts downwards; the collection's `= 1` reads as false.
uniform bool direction; // = false
// The luminance that divides the parts that melt first from the rest.
uniform float l_threshold; // = 0.8
// Whether the parts above the threshold melt first.
uniform bool above; // = false

float random(vec2 p) {
  return fract(sin(dot(p, vec2(12.9898, 78.233))) * 43758.5453);
}

vec4 transition(vec2 uv) {
  if (progress == 0.0) return getFromColor(uv);
  if (progress == 1.0) return getToColor(uv);
  float level = dot(getFromColor(uv).rgb, vec3(0.299, 0.587, 0.114));
  bool first = above ? level > l_threshold : level < l_threshold;
  float delay = (first ? 0.0 : 0.3) + 0.2 * random(vec2(floor(uv.x * 200.0), 1.0));
  float own = clamp((progress - delay) / (1.0 - delay), 0.0, 1.0);
  vec2 p = vec2(uv.x, uv.y + (direction ? 1.01 : -1.01) * own * own);
  bool onPicture = p.x >= 0.0 && p.x <= 1.0 && p.y >= 0.0 && p.y <= 1.0;
  return onPicture ? getFromColor(p) : getToColor(uv);
}
