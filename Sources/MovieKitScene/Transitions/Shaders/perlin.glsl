// Name: perlin
// Author: MovieKit contributors
// License: Apache-2.0
// Description: The next picture appears through smooth noise.

// How many noise cells fit across.
uniform float scale; // = 4.0
// How soft the noise's edges are.
uniform float smoothness; // = 0.01
// The noise's seed.
uniform float seed; // = 12.9898

float random(vec2 p) {
  return fract(sin(mod(dot(p, vec2(seed, 78.233)), 3.14)) * 43758.5453);
}

// Value noise: the corners' randoms, blended with a cubic.
float noise(vec2 p) {
  vec2 cell = floor(p);
  vec2 f = fract(p);
  float a = random(cell);
  float b = random(cell + vec2(1.0, 0.0));
  float c = random(cell + vec2(0.0, 1.0));
  float d = random(cell + vec2(1.0, 1.0));
  vec2 u = f * f * (3.0 - 2.0 * f);
  return mix(a, b, u.x) + (c - a) * u.y * (1.0 - u.x) + (d - b) * u.x * u.y;
}

vec4 transition(vec2 uv) {
  float level = noise(uv * scale);
  float threshold = mix(-smoothness, 1.0 + smoothness, progress);
  float stay = smoothstep(threshold - smoothness, threshold + smoothness, level);
  return mix(getFromColor(uv), getToColor(uv), 1.0 - stay);
}
