// Name: fade
// Author: MovieKit contributors
// License: Apache-2.0
// Description: A crossfade: both pictures mix in proportion to progress.

vec4 transition(vec2 uv) {
  return mix(getFromColor(uv), getToColor(uv), progress);
}
