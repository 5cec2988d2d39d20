// Name: StereoViewer
// Author: MovieKit contributors
// License: Apache-2.0
// Description: The pictures shrink to rounded cards that swap, as in a stereo slide viewer.
// MovieKit's own viewer: gl-transitions' (BSD-licensed) split-and-rotate is not reproduced; load the collection for it.

// How small the cards get (1 keeps the full size).
uniform float zoom; // = 0.88
// The cards' corner radius, as a part of the height.
uniform float corner_radius; // = 0.22

bool inside(vec2 p) {
  return p.x >= 0.0 && p.x <= 1.0 && p.y >= 0.0 && p.y <= 1.0;
}

// The signed distance from `p` to a rounded box of half size `halfSize` and corner radius `r`.
float roundedBox(vec2 p, vec2 halfSize, float r) {
  vec2 q = abs(p) - halfSize + r;
  return length(max(q, 0.0)) + min(max(q.x, q.y), 0.0) - r;
}

vec4 card(vec2 uv, float centreX, float scale, float radius, bool isFrom) {
  vec4 black = vec4(0.0, 0.0, 0.0, 1.0);
  vec2 q = (uv - vec2(centreX, 0.5)) / scale + 0.5;
  if (!inside(q)) return black;
  if (roundedBox((q - 0.5) * vec2(ratio, 1.0), vec2(ratio, 1.0) * 0.5, radius) > 0.0) return black;
  return isFrom ? getFromColor(q) : getToColor(q);
}

vec4 transition(vec2 uv) {
  float shrink = sin(progress * 3.14159265358979);
  float scale = 1.0 - (1.0 - zoom) * shrink;
  float slide = smoothstep(0.25, 0.75, progress);
  float radius = corner_radius * shrink * 0.5;
  if (abs(uv.x - (0.5 - slide)) < abs(uv.x - (1.5 - slide))) return card(uv, 0.5 - slide, scale, radius, true);
  return card(uv, 1.5 - slide, scale, radius, false);
}
