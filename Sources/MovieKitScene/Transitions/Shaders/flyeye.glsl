// Name: flyeye
// Author: MovieKit contributors
// License: Apache-2.0
// Description: The picture breaks into a fly's-eye grid of lenses with split colours, which clears on the next one.

// How far the lenses shift the picture.
uniform float size; // = 0.04
// How many lenses there are.
uniform float zoom; // = 50.0
// How far apart the colour channels are shifted.
uniform float colorSeparation; // = 0.3

vec4 transition(vec2 uv) {
  vec2 shift = size * vec2(cos(zoom * uv.x), sin(zoom * uv.y));
  vec4 next = getToColor(uv + (1.0 - progress) * shift);
  vec2 own = progress * shift;
  vec4 current = vec4(
    getFromColor(uv + own * (1.0 - colorSeparation)).r,
    getFromColor(uv + own).g,
    getFromColor(uv + own * (1.0 + colorSeparation)).b,
    1.0);
  return next * progress + current * (1.0 - progress);
}
