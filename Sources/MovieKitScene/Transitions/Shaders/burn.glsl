// Name: burn
// Author: MovieKit contributors
// License: Apache-2.0
// Description: Both pictures brighten towards `color` while they cross, as if burnt.

// The colour added at the middle of the transition.
uniform vec3 color; // = vec3(0.9, 0.4, 0.2)

vec4 transition(vec2 uv) {
  vec4 current = getFromColor(uv) + vec4(progress * color, 1.0);
  vec4 next = getToColor(uv) + vec4((1.0 - progress) * color, 1.0);
  return mix(current, next, progress);
}
