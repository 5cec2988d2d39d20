// Name: polar_function
// Author: MovieKit contributors
// License: Apache-2.0
// Description: A rose of `segments` petals growing from the centre reveals the next picture.

// How many petals the rose has.
uniform int segments; // = 5

vec4 transition(vec2 uv) {
  float angle = atan(uv.y - 0.5, uv.x - 0.5) - 0.5 * 3.14159265359;
  float radius = (cos(float(segments) * angle) + 4.0) / 4.0;
  return length(uv - vec2(0.5)) > radius * progress ? getFromColor(uv) : getToColor(uv);
}
