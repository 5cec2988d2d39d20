// Name: morph
// Author: MovieKit contributors
// License: Apache-2.0
// Description: Each picture is pushed by the colours of both while they cross.

// How far colours push the pictures.
uniform float strength; // = 0.1

vec2 push(vec4 c) {
  return (c.rg + c.b) * 0.5 * 2.0 - 1.0;
}

vec4 transition(vec2 uv) {
  vec2 shift = mix(push(getFromColor(uv)), push(getToColor(uv)), 0.5) * strength;
  return mix(getFromColor(uv + shift * progress), getToColor(uv - shift * (1.0 - progress)), progress);
}
