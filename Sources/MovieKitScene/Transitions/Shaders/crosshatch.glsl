// Name: crosshatch
// Author: MovieKit contributors
// License: Apache-2.0
// Description: A flash spreading from `center` in a hatched pattern reveals the next picture.

// Where the pattern spreads from.
uniform vec2 center; // = vec2(0.5)
// Divides the distance from the centre: larger spreads faster.
uniform float threshold; // = 3.0
// How long the fades at the start and end last.
uniform float fadeEdge; // = 0.1

float random(vec2 p) {
  return fract(sin(dot(p, vec2(12.9898, 78.233))) * 43758.5453);
}

vec4 transition(vec2 uv) {
  float reach = distance(center, uv) / threshold;
  float front = progress - min(random(vec2(uv.y, 0.0)), random(vec2(0.0, uv.x)));
  float hatched = mix(step(reach, front), 1.0, smoothstep(1.0 - fadeEdge, 1.0, progress));
  return mix(getFromColor(uv), getToColor(uv), mix(0.0, hatched, smoothstep(0.0, fadeEdge, progress)));
}
