// Name: CrossZoom
// Author: MovieKit contributors
// License: Apache-2.0
// Description: A zoom blur towards a centre that travels across the picture carries it into the next one.

// How strong the blur is at the middle.
uniform float strength; // = 0.4

float noise(vec2 p) {
  return fract(sin(dot(p, vec2(12.9898, 78.233))) * 43758.5453);
}

// Exponential ease in and out from 0 to 1.
float easeInOutExpo(float t) {
  if (t == 0.0 || t == 1.0) return t;
  float u = t * 2.0;
  if (u < 1.0) return 0.5 * pow(2.0, 10.0 * (u - 1.0));
  return 0.5 * (2.0 - pow(2.0, -10.0 * (u - 1.0)));
}

vec4 transition(vec2 uv) {
  // The blur's centre slides from a quarter to three quarters of the width.
  vec2 centre = vec2(0.25 + 0.5 * progress, 0.5);
  float crossing = easeInOutExpo(progress);
  // Rises from 0 to `strength` and back, sinusoidally, over the transition.
  float blur = -strength * 0.5 * (cos(6.283185307179586 * progress) - 1.0);
  vec2 towards = centre - uv;
  // A random start hides the fixed number of samples.
  float jitter = noise(uv);
  vec4 sum = vec4(0.0);
  float weights = 0.0;
  for (float t = 0.0; t <= 40.0; t++) {
    float along = (t + jitter) / 40.0;
    float weight = 4.0 * (along - along * along);
    vec2 p = uv + towards * along * blur;
    sum += mix(getFromColor(p), getToColor(p), crossing) * weight;
    weights += weight;
  }
  return sum / weights;
}
