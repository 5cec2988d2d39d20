// Name: displacement
// Author: MovieKit contributors
// License: Apache-2.0
// Description: The pictures shift sideways along a displacement map while they cross.
// gl-transitions samples a displacement texture here; this map is MovieKit's own.

// How far the map shifts the pictures.
uniform float strength; // = 0.5

// gl-transitions reads the map from a texture; MovieKit has none to give, so this map is smooth noise.
float hash(vec2 p) {
  return fract(sin(dot(p, vec2(12.9898, 78.233))) * 43758.5453);
}

float map(vec2 p) {
  vec2 cell = floor(p);
  vec2 f = fract(p);
  vec2 u = f * f * (3.0 - 2.0 * f);
  float bottom = mix(hash(cell), hash(cell + vec2(1.0, 0.0)), u.x);
  float top = mix(hash(cell + vec2(0.0, 1.0)), hash(cell + vec2(1.0, 1.0)), u.x);
  return mix(bottom, top, u.y);
}

vec4 transition(vec2 uv) {
  float shift = map(uv * 6.0) * strength;
  vec4 current = getFromColor(vec2(uv.x + progress * shift, uv.y));
  vec4 next = getToColor(vec2(uv.x - (1.0 - progress) * shift, uv.y));
  return mix(current, next, progress);
}
