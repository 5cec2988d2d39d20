// Name: luma
// Author: MovieKit contributors
// License: Apache-2.0
// Description: The next picture appears where a luminance map is darkest first.
// gl-transitions samples a luma texture here; this map is MovieKit's own.

// gl-transitions reads the map from a texture; MovieKit has none to give, so the map is radial:
// dark in the middle, light in the corners.
float level(vec2 uv) {
  return clamp(distance(uv, vec2(0.5)) * 1.41421356, 0.0, 1.0);
}

vec4 transition(vec2 uv) {
  return mix(getToColor(uv), getFromColor(uv), step(progress, level(uv)));
}
