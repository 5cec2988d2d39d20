// Name: colorphase
// Author: MovieKit contributors
// License: Apache-2.0
// Description: Each colour channel crosses over at its own time, between `fromStep` and `toStep`.

// When each channel (red, green, blue, alpha) starts to change.
uniform vec4 fromStep; // = vec4(0.0, 0.2, 0.4, 0.0)
// When each channel has changed.
uniform vec4 toStep; // = vec4(0.6, 0.8, 1.0, 1.0)

vec4 transition(vec2 uv) {
  vec4 amount = smoothstep(fromStep, toStep, vec4(progress));
  return mix(getFromColor(uv), getToColor(uv), amount);
}
