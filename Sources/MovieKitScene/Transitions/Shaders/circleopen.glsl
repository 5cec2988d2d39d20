// Name: circleopen
// Author: MovieKit contributors
// License: Apache-2.0
// Description: A soft circle opening from the centre reveals the next picture (or, with `opening` false, closes on it).

// How wide the circle's soft edge is.
uniform float smoothness; // = 0.3
// Whether the circle opens (true) or closes (false).
uniform bool opening; // = true

vec4 transition(vec2 uv) {
  float reach = opening ? progress : 1.0 - progress;
  // 0 at the centre, 1 in the corners.
  float radius = 1.414213562373 * distance(uv, vec2(0.5));
  float outside = smoothstep(-smoothness, 0.0, radius - reach * (1.0 + smoothness));
  return mix(getFromColor(uv), getToColor(uv), opening ? 1.0 - outside : outside);
}
