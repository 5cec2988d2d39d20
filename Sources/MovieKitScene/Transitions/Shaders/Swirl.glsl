// Name: Swirl
// Author: MovieKit contributors
// License: Apache-2.0
// Description: The pictures twist into a swirl at the centre while they crossfade, and untwist.

vec4 transition(vec2 uv) {
  vec2 p = uv - 0.5;
  float radius = length(p);
  if (radius < 1.0) {
    float closeness = 1.0 - radius;
    float strength = progress <= 0.5 ? progress * 2.0 : 2.0 - progress * 2.0;
    float turn = closeness * closeness * strength * 8.0 * 3.14159;
    float s = sin(turn);
    float c = cos(turn);
    p = vec2(dot(p, vec2(c, -s)), dot(p, vec2(s, c)));
  }
  p += 0.5;
  return mix(getFromColor(p), getToColor(p), progress);
}
