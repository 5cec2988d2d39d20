// Name: WaterDrop
// Author: MovieKit contributors
// License: Apache-2.0
// Description: A ring spreading from the centre like a drop in water ripples the picture while it crossfades.

// How many waves the ring has.
uniform float amplitude; // = 30
// How fast the waves move.
uniform float speed; // = 30

vec4 transition(vec2 uv) {
  vec2 away = uv - vec2(0.5);
  float radius = length(away);
  vec2 shift = radius > progress ? vec2(0.0) : away * sin(radius * amplitude - progress * speed);
  return mix(getFromColor(uv + shift), getToColor(uv), progress);
}
