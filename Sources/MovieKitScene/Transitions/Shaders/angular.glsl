// Name: angular
// Author: MovieKit contributors
// License: Apache-2.0
// Description: A hard-edged hand sweeping round the centre from `startingAngle` degrees reveals the next picture.

// Where the hand starts, in degrees.
uniform float startingAngle; // = 90

vec4 transition(vec2 uv) {
  float PI = 3.141592653589;
  float angle = atan(uv.y - 0.5, uv.x - 0.5) + startingAngle * PI / 180.0;
  float turn = fract((angle + PI) / (2.0 * PI));
  return mix(getFromColor(uv), getToColor(uv), step(turn, progress));
}
