// Name: CircleCrop
// Author: MovieKit contributors
// License: Apache-2.0
// Description: A circle closes on the picture to a background colour, then opens on the next one.

// The colour around the circle.
uniform vec4 bgcolor; // = vec4(0.0, 0.0, 0.0, 1.0)

vec4 transition(vec2 uv) {
  // The circle's radius, in picture heights: 0 at the middle, cubic towards the ends.
  float radius = pow(2.0 * abs(progress - 0.5), 3.0);
  float away = length((uv - 0.5) * vec2(1.0, 1.0 / ratio));
  vec4 picture = progress < 0.5 ? getFromColor(uv) : getToColor(uv);
  return mix(picture, bgcolor, step(radius, away));
}
