// Name: PolkaDotsCurtain
// Author: MovieKit contributors
// License: Apache-2.0
// Description: Dots growing fastest near `center` reveal the next picture.

// How many dots fit across.
uniform float dots; // = 20.0
// Where the dots grow fastest.
uniform vec2 center; // = vec2(0, 0)

vec4 transition(vec2 uv) {
  bool inDot = distance(fract(uv * dots), vec2(0.5)) < progress / distance(uv, center);
  return inDot ? getToColor(uv) : getFromColor(uv);
}
