// Name: circle
// Author: MovieKit contributors
// License: Apache-2.0
// Description: A circle closes on `center` to `backColor`, then opens on the next picture.

// Where the circle closes and opens.
uniform vec2 center; // = vec2(0.5, 0.5)
// The colour around the circle.
uniform vec3 backColor; // = vec3(0.1, 0.1, 0.1)

vec4 transition(vec2 uv) {
  // sqrt(8) * 0.5 reaches every corner from any centre inside the picture.
  float radius = sqrt(8.0) * abs(progress - 0.5);
  if (length(uv - center) > radius) return vec4(backColor, 1.0);
  return progress < 0.5 ? getFromColor(uv) : getToColor(uv);
}
