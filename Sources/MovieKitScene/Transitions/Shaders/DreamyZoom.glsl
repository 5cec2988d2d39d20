// Name: DreamyZoom
// Author: MovieKit contributors
// License: Apache-2.0
// Description: The picture zooms and turns into a white flash, and the next one turns out of it.

// How far the pictures turn at the flash (in the collection's units: 1 is pi / 80 radians).
uniform float rotation; // = 6
// How far they zoom in at the flash.
uniform float scale; // = 1.2

vec4 transition(vec2 uv) {
  // The collection's constant: pi / 80, though named as degrees.
  float unit = 0.03926990816987241548078304229099;
  bool leaving = progress < 0.5;
  float phase = leaving ? progress * 2.0 : (progress - 0.5) * 2.0;
  float turn = leaving ? mix(0.0, rotation * unit, phase) : mix(-rotation * unit, 0.0, phase);
  float zoom = leaving ? mix(1.0, scale, phase) : mix(scale, 1.0, phase);
  vec2 p = (uv - 0.5) / zoom * vec2(ratio, 1.0);
  float angle = atan(p.y, p.x) + turn;
  float radius = length(p);
  vec2 source = vec2(cos(angle) * radius / ratio + 0.5, sin(angle) * radius + 0.5);
  vec4 c = leaving ? getFromColor(source) : getToColor(source);
  return c + (leaving ? phase : 1.0 - phase);
}
