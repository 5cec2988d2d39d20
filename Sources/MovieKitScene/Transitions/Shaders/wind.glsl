// Name: wind
// Author: MovieKit contributors
// License: Apache-2.0
// Description: A ragged edge blows across from the left (or, `reversed`, the right), revealing the next picture.

// How wide the ragged edge is.
uniform float size; // = 0.2
// Whether the edge blows from the right.
uniform bool reversed; // = false

float random(vec2 p) {
  return fract(sin(dot(p, vec2(12.9898, 78.233))) * 43758.5453);
}

vec4 transition(vec2 uv) {
  float x = reversed ? 1.0 - uv.x : uv.x;
  float lag = x * (1.0 - size) + size * random(vec2(0.0, uv.y));
  // Edges in reverse order: rows show once progress passes their lag.
  float shown = smoothstep(0.0, -size, lag - progress * (1.0 + size));
  return mix(getFromColor(uv), getToColor(uv), shown);
}
