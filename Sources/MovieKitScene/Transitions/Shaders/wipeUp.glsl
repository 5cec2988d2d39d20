// Name: wipeUp
// Author: MovieKit contributors
// License: Apache-2.0
// Description: A hard edge moving from the bottom edge up reveals the next picture.

vec4 transition(vec2 uv) {
  float revealed = step(uv.y, progress);
  return mix(getFromColor(uv), getToColor(uv), revealed);
}
