// Name: pixelize
// Author: MovieKit contributors
// License: Apache-2.0
// Description: Both pictures turn into growing, then shrinking, squares while they cross.

// How many squares fit across at the middle (columns, rows).
uniform ivec2 squaresMin; // = ivec2(20)
// How many sizes the squares step through; 0 changes them smoothly.
uniform int steps; // = 50

vec4 transition(vec2 uv) {
  float d = min(progress, 1.0 - progress);
  float level = steps > 0 ? ceil(d * float(steps)) / float(steps) : d;
  vec2 square = 2.0 * level / vec2(squaresMin);
  vec2 p = level > 0.0 ? (floor(uv / square) + 0.5) * square : uv;
  return mix(getFromColor(p), getToColor(p), progress);
}
