// Name: fadecolor
// Author: MovieKit contributors
// License: Apache-2.0
// Description: Fade to `color`, then from it to the next picture.

// The colour in the middle.
uniform vec3 color; // = vec3(0.0)
// How long the colour holds: 0 passes straight through it, 0.9 dwells on it.
uniform float colorPhase; // = 0.4

vec4 transition(vec2 uv) {
  vec4 middle = vec4(color, 1.0);
  // Edges in reverse order: the current picture fades out as progress grows.
  vec4 leaving = mix(middle, getFromColor(uv), smoothstep(1.0 - colorPhase, 0.0, progress));
  vec4 arriving = mix(middle, getToColor(uv), smoothstep(colorPhase, 1.0, progress));
  return mix(leaving, arriving, progress);
}
