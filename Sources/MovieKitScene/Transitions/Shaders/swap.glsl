// Name: swap
// Author: MovieKit contributors
// License: Apache-2.0
// Description: The pictures swap places in perspective, one going back as the other comes forward, with reflections.

// How strong the reflections are.
uniform float reflection; // = 0.4
// How strong the perspective is.
uniform float perspective; // = 0.2
// How far back a picture goes.
uniform float depth; // = 3.0

bool inside(vec2 p) {
  return all(lessThan(vec2(0.0), p)) && all(lessThan(p, vec2(1.0)));
}

vec2 mirrored(vec2 p) {
  return p * vec2(1.0, -1.2) + vec2(0.0, -0.02);
}

vec4 reflectionBelow(vec2 fromPoint, vec2 toPoint) {
  vec4 black = vec4(0.0, 0.0, 0.0, 1.0);
  vec4 c = black;
  fromPoint = mirrored(fromPoint);
  if (inside(fromPoint)) c += mix(black, getFromColor(fromPoint), reflection * mix(1.0, 0.0, fromPoint.y));
  toPoint = mirrored(toPoint);
  if (inside(toPoint)) c += mix(black, getToColor(toPoint), reflection * mix(1.0, 0.0, toPoint.y));
  return c;
}

vec4 transition(vec2 uv) {
  float size = mix(1.0, depth, progress);
  float tilt = perspective * progress;
  vec2 fromPoint = (uv - vec2(0.0, 0.5)) * vec2(size / (1.0 - perspective * progress), size / (1.0 - size * tilt * uv.x))
    + vec2(0.0, 0.5);
  size = mix(1.0, depth, 1.0 - progress);
  tilt = perspective * (1.0 - progress);
  vec2 toPoint = (uv - vec2(1.0, 0.5))
    * vec2(size / (1.0 - perspective * (1.0 - progress)), size / (1.0 - size * tilt * (0.5 - uv.x))) + vec2(1.0, 0.5);
  if (progress < 0.5) {
    if (inside(fromPoint)) return getFromColor(fromPoint);
    if (inside(toPoint)) return getToColor(toPoint);
  } else {
    if (inside(toPoint)) return getToColor(toPoint);
    if (inside(fromPoint)) return getFromColor(fromPoint);
  }
  return reflectionBelow(fromPoint, toPoint);
}
