// Name: SimpleZoom
// Author: MovieKit contributors
// License: Apache-2.0
// Description: The picture zooms in, then the next one fades in over it.

// How much of the transition the zoom takes, from 0.2 to 1.
uniform float zoom_quickness; // = 0.8

vec4 transition(vec2 uv) {
  float quickness = clamp(zoom_quickness, 0.2, 1.0);
  vec2 zoomed = 0.5 + (uv - 0.5) * (1.0 - smoothstep(0.0, quickness, progress));
  return mix(getFromColor(zoomed), getToColor(uv), smoothstep(quickness - 0.2, 1.0, progress));
}
