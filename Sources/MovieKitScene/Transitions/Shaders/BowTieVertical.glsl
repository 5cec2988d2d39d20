// Name: BowTieVertical
// Author: MovieKit contributors
// License: Apache-2.0
// Description: Two triangles growing from the top and bottom edges, pinched at the centre, reveal the next picture.

// 1 when `p` is inside the triangle (a, b, c), on either winding.
float side(vec2 p, vec2 a, vec2 b) {
  return (p.x - b.x) * (a.y - b.y) - (a.x - b.x) * (p.y - b.y);
}

bool inTriangle(vec2 p, vec2 a, vec2 b, vec2 c) {
  bool first = side(p, a, b) < 0.0;
  bool second = side(p, b, c) < 0.0;
  bool third = side(p, c, a) < 0.0;
  return first == second && second == third;
}

// How far `p` is from the line through `a` and `b`.
float lineDistance(vec2 p, vec2 a, vec2 b) {
  vec2 along = a - b;
  return abs(dot(normalize(vec2(along.y, -along.x)), a - p));
}

// 0 on the triangle's two slanted sides, rising to 1 over 0.005 inside, to soften them.
float softEdge(vec2 baseA, vec2 baseB, vec2 tip, vec2 p) {
  float nearest = min(lineDistance(p, baseA, tip), lineDistance(p, baseB, tip));
  return nearest < 0.005 ? nearest / 0.005 : 1.0;
}

vec4 transition(vec2 uv) {
  vec2 lowTip = vec2(0.5, progress);
  vec2 lowA = vec2(0.5 - progress, 0.0);
  vec2 lowB = vec2(0.5 + progress, 0.0);
  vec2 highTip = vec2(0.5, 1.0 - progress);
  vec2 highA = vec2(0.5 - progress, 1.0);
  vec2 highB = vec2(0.5 + progress, 1.0);
  if (inTriangle(uv, lowTip, lowA, lowB)) {
    if (progress < 0.1) return getFromColor(uv);
    if (uv.y < 0.5) return mix(getFromColor(uv), getToColor(uv), softEdge(lowA, lowB, lowTip, uv));
    return progress > 0.0 ? getToColor(uv) : getFromColor(uv);
  }
  if (inTriangle(uv, highTip, highA, highB)) {
    if (uv.y >= 0.5) return mix(getFromColor(uv), getToColor(uv), softEdge(highA, highB, highTip, uv));
    return getFromColor(uv);
  }
  return getFromColor(uv);
}
