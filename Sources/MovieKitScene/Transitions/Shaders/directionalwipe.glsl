// Name: directionalwipe
// Author: MovieKit contributors
// License: Apache-2.0
// Description: A soft edge moving along `direction` wipes to the next picture.

// The way the edge moves.
uniform vec2 direction; // = vec2(1.0, -1.0)
// How wide the soft edge is.
uniform float smoothness; // = 0.5

vec4 transition(vec2 uv) {
  // The direction scaled so that the edge crosses the picture from corner to corner.
  vec2 towards = normalize(direction);
  towards /= abs(towards.x) + abs(towards.y);
  float along = dot(towards, uv) - dot(towards, vec2(0.5)) + 0.5;
  float front = progress * (1.0 + smoothness);
  float shown = (1.0 - step(progress, 0.0)) * (1.0 - smoothstep(-smoothness, 0.0, along - front));
  return mix(getFromColor(uv), getToColor(uv), shown);
}
