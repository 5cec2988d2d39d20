// Name: CrazyParametricFun
// Author: MovieKit contributors
// License: Apache-2.0
// Description: A spinning parametric curve smears the picture into the next one.

// The curve's first factor.
uniform float a; // = 4
// The curve's second factor.
uniform float b; // = 1
// How far the smear reaches.
uniform float amplitude; // = 120
// Divides the smear: smaller is wilder.
uniform float smoothness; // = 0.1

vec4 transition(vec2 uv) {
  vec2 away = uv - vec2(0.5);
  float radius = length(away);
  float x = (a - b) * cos(progress) + b * cos(progress * (a / b - 1.0));
  float y = (a - b) * sin(progress) - b * sin(progress * (a / b - 1.0));
  vec2 smear = away * vec2(sin(progress * radius * amplitude * x), sin(progress * radius * amplitude * y)) / smoothness;
  return mix(getFromColor(uv + smear), getToColor(uv), smoothstep(0.2, 1.0, progress));
}
