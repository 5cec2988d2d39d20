// Name: ButterflyWaveScrawler
// Author: MovieKit contributors
// License: Apache-2.0
// Description: Both pictures ripple in butterfly-shaped waves with split colours while they cross.

// How the waves grow with progress.
uniform float amplitude; // = 1.0
// How many waves there are.
uniform float waves; // = 30.0
// How far apart the colour channels are shifted.
uniform float colorSeparation; // = 0.3

const float PI = 3.14159265358979323846264;

// A butterfly curve in polar form, of the angle of `p` as seen from `centre`.
float butterfly(vec2 p, vec2 centre) {
  vec2 seen = p * sin(progress * amplitude) - centre;
  float theta = acos(seen.x) * waves;
  float s = sin((2.0 * theta - PI) / 24.0);
  return (exp(cos(theta)) - 2.0 * cos(4.0 * theta) + s * s * s * s * s) / 10.0;
}

vec4 transition(vec2 uv) {
  if (progress <= 0.0) return getFromColor(uv);
  if (progress >= 1.0) return getToColor(uv);
  float shift = butterfly(uv, vec2(0.5));
  vec4 next = getToColor(uv + (1.0 - progress) * shift);
  float own = progress * shift;
  vec4 current = vec4(
    getFromColor(uv + own * (1.0 - colorSeparation)).r,
    getFromColor(uv + own).g,
    getFromColor(uv + own * (1.0 + colorSeparation)).b,
    1.0);
  return next * progress + current * (1.0 - progress);
}
