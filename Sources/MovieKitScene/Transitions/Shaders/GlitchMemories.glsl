// Name: GlitchMemories
// Author: MovieKit contributors
// License: Apache-2.0
// Description: Colour channels split and shift in blocks while the pictures cross.

// Whether the result keeps the pictures' transparency rather than being opaque.
uniform bool transparentMode; // = false

vec4 crossed(vec2 p) {
  return mix(getFromColor(p), getToColor(p), progress);
}

vec4 transition(vec2 uv) {
  vec2 block = floor(uv / vec2(16.0));
  vec2 noise = block / vec2(64.0) + floor(vec2(progress) * vec2(1200.0, 3500.0)) / vec2(64.0);
  vec2 shift = progress > 0.0 ? (fract(noise) - 0.5) * 0.3 * (1.0 - progress) : vec2(0.0);
  vec4 red = crossed(uv + shift * 0.2);
  vec4 green = crossed(uv + shift * 0.3);
  vec4 blue = crossed(uv + shift * 0.5);
  float alpha = transparentMode ? (red.a + green.a + blue.a) / 3.0 : 1.0;
  return vec4(red.r, green.g, blue.b, alpha);
}
