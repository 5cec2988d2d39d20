// Name: wipeRight
// Author: MovieKit contributors
// License: Apache-2.0
// Description: A hard edge moving from the left edge to the right reveals the next picture.

vec4 transition(vec2 uv) {
  float revealed = step(uv.x, progress);
  return mix(getFromColor(uv), getToColor(uv), revealed);
}
