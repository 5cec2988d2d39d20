// Name: windowslice
// Author: MovieKit contributors
// License: Apache-2.0
// Description: Vertical slices widen like opening blinds, from the left, onto the next picture.

// How many slices there are.
uniform float count; // = 10.0
// How soft the front across the slices is.
uniform float smoothness; // = 0.5

vec4 transition(vec2 uv) {
  float closed = smoothstep(-smoothness, 0.0, uv.x - progress * (1.0 + smoothness));
  float open = step(closed, fract(count * uv.x));
  return mix(getFromColor(uv), getToColor(uv), open);
}
