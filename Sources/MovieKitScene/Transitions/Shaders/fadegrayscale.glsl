// Name: fadegrayscale
// Author: MovieKit contributors
// License: Apache-2.0
// Description: The picture turns grey, crossfades, and the next one regains its colour.

// How long the grey phase holds.
uniform float intensity; // = 0.3

vec4 gray(vec4 c) {
  return vec4(vec3(dot(c.rgb, vec3(0.2126, 0.7152, 0.0722))), 1.0);
}

vec4 transition(vec2 uv) {
  vec4 current = getFromColor(uv);
  vec4 next = getToColor(uv);
  vec4 leaving = mix(gray(current), current, smoothstep(1.0 - intensity, 0.0, progress));
  vec4 arriving = mix(gray(next), next, smoothstep(intensity, 1.0, progress));
  return mix(leaving, arriving, progress);
}
