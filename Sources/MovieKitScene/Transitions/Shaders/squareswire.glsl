// Name: squareswire
// Author: MovieKit contributors
// License: Apache-2.0
// Description: Squares growing behind a front moving along `direction` reveal the next picture.

// How many squares there are (columns, rows).
uniform ivec2 squares; // = ivec2(10, 10)
// The way the front moves.
uniform vec2 direction; // = vec2(1.0, -0.5)
// How far behind the front the squares grow.
uniform float smoothness; // = 1.6

vec4 transition(vec2 uv) {
  vec2 towards = normalize(direction);
  towards /= abs(towards.x) + abs(towards.y);
  float along = dot(towards, uv) - dot(towards, vec2(0.5)) + 0.5;
  // 1 ahead of the front, 0 far behind it.
  float ahead = smoothstep(-smoothness, 0.0, along - progress * (1.0 + smoothness));
  vec2 inSquare = fract(uv * vec2(squares));
  float low = ahead / 2.0;
  float high = 1.0 - ahead / 2.0;
  float shown = (1.0 - step(progress, 0.0)) * step(low, inSquare.x) * step(low, inSquare.y)
    * step(inSquare.x, high) * step(inSquare.y, high);
  return mix(getFromColor(uv), getToColor(uv), shown);
}
