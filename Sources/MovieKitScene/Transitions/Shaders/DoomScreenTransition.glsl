// Name: DoomScreenTransition
// Author: MovieKit contributors
// License: Apache-2.0
// Description: The picture melts down in uneven vertical bars, as in the game's screen wipe.

// How many bars there are.
uniform int bars; // = 30
// How much faster the fastest bars fall.
uniform float amplitude; // = 2
// How much random speed each bar adds: 0 none, 1 only random.
uniform float noise; // = 0.1
// How quickly the speeds vary across the bars.
uniform float frequency; // = 0.5
// How much the middle bars lead the edges: 0 not at all.
uniform float dripScale; // = 0.5

float random(int bar) {
  float n = float(bar);
  return fract(mod(n * 67123.313, 12.0) * sin(n * 10.3) * cos(n));
}

float wave(int bar) {
  float n = float(bar) * frequency * 0.1 * float(bars);
  return cos(n * 0.5) * cos(n * 0.13) * sin((n + 10.0) * 0.3) / 2.0 + 0.5;
}

float drip(int bar) {
  return sin(float(bar) / float(bars - 1) * 3.141592) * dripScale;
}

float lead(int bar) {
  float speed = noise == 0.0 ? wave(bar) : mix(wave(bar), random(bar), noise);
  return speed + (dripScale == 0.0 ? 0.0 : drip(bar));
}

vec4 transition(vec2 uv) {
  int bar = int(uv.x * float(bars));
  float fallen = progress * (1.0 + lead(bar) * amplitude);
  if (fallen + uv.y < 1.0) return getFromColor(vec2(uv.x, uv.y + fallen));
  return getToColor(uv);
}
