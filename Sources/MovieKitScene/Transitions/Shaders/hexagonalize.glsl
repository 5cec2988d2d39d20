// Name: hexagonalize
// Author: MovieKit contributors
// License: Apache-2.0
// Description: Both pictures turn into hexagons that grow and shrink while they cross.

// How many sizes the hexagons step through; 0 changes them smoothly.
uniform int steps; // = 50
// How many hexagons fit across at the middle.
uniform float horizontalHexagons; // = 20

const float ROOT3 = 1.7320508075688772;

// Axial hexagon coordinates (q, r) of `p`, rounded to the nearest hexagon's.
vec2 nearestHexagon(vec2 p, float size) {
  p.y /= ratio;
  p = (p - 0.5) / size;
  float q = ROOT3 / 3.0 * p.x - p.y / 3.0;
  float r = 2.0 / 3.0 * p.y;
  float s = -q - r;
  float rq = floor(q + 0.5);
  float rr = floor(r + 0.5);
  float rs = floor(s + 0.5);
  float dq = abs(rq - q);
  float dr = abs(rr - r);
  float ds = abs(rs - s);
  if (dq > dr && dq > ds) {
    rq = -rr - rs;
  } else if (dr > ds) {
    rr = -rq - rs;
  }
  return vec2(rq, rr);
}

// The centre of hexagon (q, r) in picture coordinates.
vec2 hexagonCentre(vec2 hexagon, float size) {
  float x = (ROOT3 * hexagon.x + ROOT3 / 2.0 * hexagon.y) * size + 0.5;
  float y = 1.5 * hexagon.y * size + 0.5;
  return vec2(x, y * ratio);
}

vec4 transition(vec2 uv) {
  float level = 2.0 * min(progress, 1.0 - progress);
  level = steps > 0 ? ceil(level * float(steps)) / float(steps) : level;
  float size = ROOT3 / 3.0 * level / horizontalHexagons;
  vec2 p = level > 0.0 ? hexagonCentre(nearestHexagon(uv, size), size) : uv;
  return mix(getFromColor(p), getToColor(p), progress);
}
