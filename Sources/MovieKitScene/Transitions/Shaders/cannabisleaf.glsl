// Name: cannabisleaf
// Author: MovieKit contributors
// License: Apache-2.0
// Description: A leaf shape growing from the centre reveals the next picture.

vec4 transition(vec2 uv) {
  if (progress == 0.0) return getFromColor(uv);
  vec2 leaf = (uv - vec2(0.5)) / 10.0 / pow(progress, 3.5);
  leaf.y += 0.35;
  float o = atan(leaf.y, leaf.x);
  float edge = 0.18 * (1.0 + sin(o)) * (1.0 + 0.9 * cos(8.0 * o)) * (1.0 + 0.1 * cos(24.0 * o))
    * (0.9 + 0.05 * cos(200.0 * o));
  float inside = 1.0 - step(1.0 - length(leaf) + edge, 1.0);
  return mix(getFromColor(uv), getToColor(uv), inside);
}
