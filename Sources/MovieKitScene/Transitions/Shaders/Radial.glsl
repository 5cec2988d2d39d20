// Name: Radial
// Author: MovieKit contributors
// License: Apache-2.0
// Description: A soft-edged hand sweeping round the centre reveals the next picture.

// How soft the hand's edge is, in radians.
uniform float smoothness; // = 1.0

vec4 transition(vec2 uv) {
  vec2 p = uv * 2.0 - 1.0;
  float behind = atan(p.y, p.x) - (progress - 0.5) * 3.141592653589 * 2.5;
  return mix(getToColor(uv), getFromColor(uv), smoothstep(0.0, smoothness, behind));
}
