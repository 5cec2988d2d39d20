// Name: Mosaic
// Author: MovieKit contributors
// License: Apache-2.0
// Description: The view pulls back over a mosaic of turned tiles from both pictures and settles on a tile of the next one.

// The tile the view ends on, counted from the start tile (columns).
uniform int endx; // = 2
// The tile the view ends on, counted from the start tile (rows).
uniform int endy; // = -1

const float PI = 3.14159265358979323;

float random(vec2 p) {
  return fract(sin(dot(p, vec2(12.9898, 78.233))) * 43758.5453);
}

vec2 turned(vec2 v, float angle) {
  return vec2(cos(angle) * v.x + sin(angle) * v.y, -sin(angle) * v.x + cos(angle) * v.y);
}

vec4 transition(vec2 uv) {
  float middle = progress * 2.0 - 1.0;
  // The view is 1 tile wide at the ends and 3 at the middle.
  float zoom = abs(3.0 - middle * middle * 2.0);
  float eased = 0.5 - cos(progress * PI) / 2.0;
  vec2 p = (uv - 0.5) * zoom + mix(vec2(0.5), vec2(float(endx), float(endy)) + 0.5, eased * eased);
  vec2 tile = floor(p);
  vec2 inTile = mod(p, 1.0);
  bool onEnd = int(tile.x) == endx && int(tile.y) == endy;
  if (!onEnd) {
    float quarterTurns = float(int(random(tile) * 4.0));
    inTile = 0.5 + turned(inTile - 0.5, quarterTurns * 0.5 * PI);
  }
  return onEnd || random(tile) > 0.5 ? getToColor(inTile) : getFromColor(inTile);
}
