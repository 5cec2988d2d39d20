// Name: rotate_scale_fade
// Author: MovieKit contributors
// License: Apache-2.0
// Description: The picture spins and shrinks into the middle while it crossfades, over `backColor`, and the next spins out.

// Where the pictures turn.
uniform vec2 center; // = vec2(0.5, 0.5)
// How many turns they make.
uniform float rotations; // = 5
// How small they get at the middle: 1 / scale.
uniform float scale; // = 10
// The colour around them.
uniform vec4 backColor; // = vec4(0.15, 0.15, 0.15, 1.0)

vec4 transition(vec2 uv) {
  vec2 away = uv - center;
  vec2 direction = normalize(away);
  float radius = length(away);
  float angle = 2.0 * 3.14159265359 * rotations * progress;
  float c = cos(angle);
  float s = sin(angle);
  float zoom = mix(scale, 1.0, 2.0 * abs(progress - 0.5));
  vec2 turned = vec2(direction.x * c - direction.y * s, direction.x * s + direction.y * c);
  vec2 p = center + turned * radius / zoom;
  if (p.x < 0.0 || p.x > 1.0 || p.y < 0.0 || p.y > 1.0) return backColor;
  return mix(getFromColor(p), getToColor(p), progress);
}
