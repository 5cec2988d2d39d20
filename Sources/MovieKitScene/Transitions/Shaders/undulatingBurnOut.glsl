// Name: undulatingBurnOut
// Author: MovieKit contributors
// License: Apache-2.0
// Description: A wavy, burning edge spreads from `center`, revealing the next picture.

// How soft the edge is.
uniform float smoothness; // = 0.03
// Where the edge spreads from.
uniform vec2 center; // = vec2(0.5)
// The colour of the burn.
uniform vec3 color; // = vec3(0.0)

const float PI = 3.14159265358979323846;

float quadraticInOut(float t) {
  float p = 2.0 * t * t;
  return t < 0.5 ? p : -p + 4.0 * t - 1.0;
}

// 1 inside the edge, 0 outside, soft between, and -2 or less on the burning rim.
float gradient(float reach, float radius) {
  float gap = reach - radius;
  return mix(smoothstep(-smoothness, 0.0, reach - radius * (1.0 + smoothness)), -1.0 - step(0.005, gap),
    step(-0.005, gap) * step(gap, 0.01));
}

// How far the edge reaches in the direction of `p`: progress plus a wave that moves round.
float reach(vec2 p) {
  vec2 away = p - center;
  float angle = (degrees(atan(away.y, away.x)) + 180.0) * (PI * 30.0) / 360.0;
  float magnitude = mix(0.02, 0.09, smoothstep(0.0, 1.0, progress));
  float offset = mix(40.0, 30.0, smoothstep(0.0, 1.0, progress));
  return progress + quadraticInOut(sin(angle)) * magnitude * sin(progress * offset);
}

vec4 transition(vec2 uv) {
  float shown = gradient(reach(uv), distance(center, uv));
  vec4 current = getFromColor(uv);
  vec4 next = getToColor(uv);
  return mix(mix(current, next, shown), mix(current, vec4(color, 1.0), 0.75), step(shown, -2.0));
}
