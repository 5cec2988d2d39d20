// Name: wipeDown
// Author: MovieKit contributors
// License: Apache-2.0
// Description: A hard edge moving from the top edge down reveals the next picture.

vec4 transition(vec2 uv) {
  float revealed = step(1.0 - uv.y, progress);
  return mix(getFromColor(uv), getToColor(uv), revealed);
}
