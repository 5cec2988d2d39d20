// Name: kaleidoscope
// Author: MovieKit contributors
// License: Apache-2.0
// Description: The pictures fold into a turning kaleidoscope while they cross.

// How fast the folds turn.
uniform float speed; // = 1.0
// The turn added at each fold.
uniform float angle; // = 1.0
// How the turn grows with progress.
uniform float power; // = 1.5

vec4 transition(vec2 uv) {
  vec2 p = uv - 0.5;
  float turn = pow(progress, power) * speed;
  for (int i = 0; i < 7; i++) {
    p = vec2(sin(turn) * p.x + cos(turn) * p.y, sin(turn) * p.y - cos(turn) * p.x);
    turn += angle;
    p = abs(mod(p, 2.0) - 1.0);
  }
  vec4 plain = mix(getFromColor(uv), getToColor(uv), progress);
  vec4 folded = mix(getFromColor(p), getToColor(p), progress);
  return mix(plain, folded, 1.0 - 2.0 * abs(progress - 0.5));
}
