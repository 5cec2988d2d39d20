// Name: cube
// Author: MovieKit contributors
// License: Apache-2.0
// Description: The two pictures turn as faces of a cube, with a reflection below.

// How strong the perspective is.
uniform float persp; // = 0.7
// How far the cube pulls back at the middle.
uniform float unzoom; // = 0.3
// How strong the reflection is.
uniform float reflection; // = 0.4
// How far above its reflection the cube floats, in hundredths.
uniform float floating; // = 3.0

bool inside(vec2 p) {
  return all(lessThan(vec2(0.0), p)) && all(lessThan(p, vec2(1.0)));
}

// A point below the picture, mirrored onto it for the reflection.
vec2 mirrored(vec2 p) {
  return p * vec2(1.0, -1.2) + vec2(0.0, -floating / 100.0);
}

vec4 reflectionBelow(vec2 fromPoint, vec2 toPoint) {
  vec4 c = vec4(0.0, 0.0, 0.0, 1.0);
  fromPoint = mirrored(fromPoint);
  if (inside(fromPoint)) {
    c += mix(vec4(0.0), getFromColor(fromPoint), reflection * mix(1.0, 0.0, fromPoint.y));
  }
  toPoint = mirrored(toPoint);
  if (inside(toPoint)) {
    c += mix(vec4(0.0), getToColor(toPoint), reflection * mix(1.0, 0.0, toPoint.y));
  }
  return c;
}

// `p` on a face seen at `depth` (0…1) in perspective, its hinge on the left (hinge 0) or right (1).
vec2 skewed(vec2 p, float depth, float hinge) {
  float x = mix(p.x, 1.0 - p.x, hinge);
  vec2 q = vec2(x, (p.y - 0.5 * (1.0 - depth) * x) / (1.0 + (depth - 1.0) * x));
  float offset = 0.5 - distance(hinge, 0.5);
  float direction = hinge < 0.5 ? 1.0 : -1.0;
  return (q - vec2(offset, 0.0)) * vec2(0.5 / distance(hinge, 0.5) * direction, 1.0)
    + vec2(hinge < 0.5 ? 0.0 : 1.0, 0.0);
}

vec4 transition(vec2 uv) {
  float pullBack = unzoom * 2.0 * (0.5 - distance(0.5, progress));
  vec2 p = -pullBack * 0.5 + (1.0 + pullBack) * uv;
  vec2 fromPoint = skewed((p - vec2(progress, 0.0)) / vec2(1.0 - progress, 1.0), 1.0 - mix(progress, 0.0, persp), 0.0);
  vec2 toPoint = skewed(p / vec2(progress, 1.0), mix(pow(progress, 2.0), 1.0, persp), 1.0);
  if (inside(fromPoint)) return getFromColor(fromPoint);
  if (inside(toPoint)) return getToColor(toPoint);
  return reflectionBelow(fromPoint, toPoint);
}
