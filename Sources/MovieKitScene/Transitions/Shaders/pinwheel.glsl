// Name: pinwheel
// Author: MovieKit contributors
// License: Apache-2.0
// Description: Pinwheel blades turning round the centre reveal the next picture.

// How fast the blades turn.
uniform float speed; // = 2.0

vec4 transition(vec2 uv) {
  float turn = atan(uv.y - 0.5, uv.x - 0.5) + progress * speed;
  // Eight blades, each a quarter of a half turn (the collection's pi is 3.1415).
  float blade = mod(turn, 3.1415 / 4.0);
  return mix(getToColor(uv), getFromColor(uv), step(sign(progress - blade), 0.5));
}
