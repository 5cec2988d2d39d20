// Name: wipeLeft
// Author: MovieKit contributors
// License: Apache-2.0
// Description: A hard edge moving from the right edge to the left reveals the next picture.

vec4 transition(vec2 uv) {
  float revealed = step(1.0 - uv.x, progress);
  return mix(getFromColor(uv), getToColor(uv), revealed);
}
