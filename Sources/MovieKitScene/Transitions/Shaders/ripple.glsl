// Name: ripple
// Author: MovieKit contributors
// License: Apache-2.0
// Description: Ripples from the centre carry the picture into the next one.

// How many ripples there are.
uniform float amplitude; // = 100.0
// How fast they move.
uniform float speed; // = 50.0

vec4 transition(vec2 uv) {
  vec2 away = uv - vec2(0.5);
  float radius = length(away);
  float wave = sin(progress * radius * amplitude - progress * speed) + 0.5;
  vec2 shift = away * wave / 30.0 * progress;
  return mix(getFromColor(uv + shift), getToColor(uv), smoothstep(0.2, 1.0, progress));
}
