// Name: directionalwarp
// Author: MovieKit contributors
// License: Apache-2.0
// Description: A soft edge moving along `direction` stretches the picture into the next one.

// How wide the soft edge is.
uniform float smoothness; // = 0.1
// The way the edge moves.
uniform vec2 direction; // = vec2(-1.0, 1.0)

vec4 transition(vec2 uv) {
  vec2 towards = normalize(direction);
  towards /= abs(towards.x) + abs(towards.y);
  float along = dot(towards, uv) - dot(towards, vec2(0.5)) + 0.5;
  float shown = 1.0 - smoothstep(-smoothness, 0.0, along - progress * (1.0 + smoothness));
  vec2 fromPoint = (uv - 0.5) * (1.0 - shown) + 0.5;
  vec2 toPoint = (uv - 0.5) * shown + 0.5;
  return mix(getFromColor(fromPoint), getToColor(toPoint), shown);
}
