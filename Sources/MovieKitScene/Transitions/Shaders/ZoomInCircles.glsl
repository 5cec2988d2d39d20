// Name: ZoomInCircles
// Author: MovieKit contributors
// License: Apache-2.0
// Description: Rings of the picture zoom at different speeds, then the next picture shows through them.

vec2 zoomed(vec2 uv, float amount) {
  return 0.5 + (uv - 0.5) * amount;
}

vec4 transition(vec2 uv) {
  vec2 r = 2.0 * (uv - 0.5) * vec2(1.0, 1.0 / ratio);
  float radius = length(r);
  float stage = progress / 0.8;
  float growth = stage * 0.2;
  float shown = 0.0;
  if (stage > 1.0) {
    growth = 0.2 + (stage - 1.0) * 5.0;
    shown = clamp((progress - 0.8) / 0.07, 0.0, 1.0);
  }
  vec2 p = uv;
  if (radius < 0.5 + growth) {
    // The inner disc stays put.
  } else if (radius < 0.8 + growth * 1.5) {
    p = zoomed(uv, 1.0 - 0.15 * stage);
    shown *= 0.5;
  } else if (radius < 1.2 + growth * 2.5) {
    p = zoomed(uv, 1.0 - 0.2 * stage);
    shown *= 0.2;
  } else {
    p = zoomed(uv, 1.0 - 0.25 * stage);
  }
  return mix(getFromColor(p), getToColor(p), shown);
}
