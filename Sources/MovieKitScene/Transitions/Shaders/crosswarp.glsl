// Name: crosswarp
// Author: MovieKit contributors
// License: Apache-2.0
// Description: The picture grows out of the frame while the next one shrinks into it, sweeping from right to left.

vec4 transition(vec2 uv) {
  float local = smoothstep(0.0, 1.0, progress * 2.0 + uv.x - 1.0);
  vec4 current = getFromColor((uv - 0.5) * (1.0 - local) + 0.5);
  vec4 next = getToColor((uv - 0.5) * local + 0.5);
  return mix(current, next, local);
}
