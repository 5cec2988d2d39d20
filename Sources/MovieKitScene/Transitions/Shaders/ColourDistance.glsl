// Name: ColourDistance
// Author: MovieKit contributors
// License: Apache-2.0
// Description: Pixels change first where the two pictures' colours are closest.

// How late the pixels that differ most catch up.
uniform float power; // = 5.0

vec4 transition(vec2 uv) {
  vec4 current = getFromColor(uv);
  vec4 next = getToColor(uv);
  float switched = step(distance(current, next), progress);
  return mix(mix(current, next, switched), next, pow(progress, power));
}
