// Name: Directional
// Author: MovieKit contributors
// License: Apache-2.0
// Description: The next picture pushes the current one out, both moving along `direction`.

// The way the pictures move: each component's sign counts.
uniform vec2 direction; // = vec2(0.0, 1.0)

vec4 transition(vec2 uv) {
  vec2 moved = uv + progress * sign(direction);
  vec2 wrapped = fract(moved);
  float onFrom = step(0.0, moved.x) * step(moved.x, 1.0) * step(0.0, moved.y) * step(moved.y, 1.0);
  return mix(getToColor(wrapped), getFromColor(wrapped), onFrom);
}
