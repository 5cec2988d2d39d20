// Name: doorway
// Author: MovieKit contributors
// License: Apache-2.0
// Description: The picture opens like double doors onto the next one coming forward, with a reflection below.

// How strong the reflection is.
uniform float reflection; // = 0.4
// How strong the doors' perspective is.
uniform float perspective; // = 0.4
// How far back the next picture starts.
uniform float depth; // = 3

bool inside(vec2 p) {
  return all(lessThan(vec2(0.0), p)) && all(lessThan(p, vec2(1.0)));
}

vec4 transition(vec2 uv) {
  vec2 door = vec2(-1.0);
  // Positive on the doors, which part from the middle as progress grows.
  float slit = 2.0 * abs(uv.x - 0.5) - progress;
  if (slit > 0.0) {
    door = uv + (uv.x > 0.5 ? -1.0 : 1.0) * vec2(0.5 * progress, 0.0);
    float shrink = 1.0 / (1.0 + perspective * progress * (1.0 - slit));
    door.y = (door.y - shrink / 2.0) * shrink + shrink / 2.0;
  }
  float size = mix(1.0, depth, 1.0 - progress);
  vec2 next = (uv - 0.5) * size + 0.5;
  if (inside(door)) return getFromColor(door);
  if (inside(next)) return getToColor(next);
  vec4 black = vec4(0.0, 0.0, 0.0, 1.0);
  vec2 below = next * vec2(1.0, -1.2) + vec2(0.0, -0.02);
  if (!inside(below)) return black;
  return black + mix(black, getToColor(below), reflection * mix(1.0, 0.0, below.y));
}
