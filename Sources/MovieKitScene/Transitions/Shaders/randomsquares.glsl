// Name: randomsquares
// Author: MovieKit contributors
// License: Apache-2.0
// Description: The next picture appears in squares, in a random order, with soft steps.

// How many squares there are (columns, rows).
uniform ivec2 size; // = ivec2(10, 10)
// How soft each square's change is.
uniform float smoothness; // = 0.5

float random(vec2 p) {
  return fract(sin(dot(p, vec2(12.9898, 78.233))) * 43758.5453);
}

vec4 transition(vec2 uv) {
  float order = random(floor(vec2(size) * uv));
  // Edges in reverse order: the square shows once progress passes its order.
  float shown = smoothstep(0.0, -smoothness, order - progress * (1.0 + smoothness));
  return mix(getFromColor(uv), getToColor(uv), shown);
}
