// Name: Bounce
// Author: MovieKit contributors
// License: Apache-2.0
// Description: The picture drops away and the next one bounces down into place, casting a shadow.

// The shadow's colour and opacity.
uniform vec4 shadow_colour; // = vec4(0.0, 0.0, 0.0, 0.6)
// How tall the shadow is.
uniform float shadow_height; // = 0.075
// How many times the picture bounces.
uniform float bounces; // = 3.0

const float PI = 3.14159265358;

vec4 transition(vec2 uv) {
  // Where the current picture's bottom edge is, falling and bouncing to 0.
  float edge = abs(cos(progress * PI * bounces)) * (1.0 - sin(progress * PI / 2.0));
  float above = uv.y - edge;
  float opacity = (above / shadow_height) * shadow_colour.a + (1.0 - shadow_colour.a);
  // The shadow fades out over the last twentieth.
  float shadow = step(above, shadow_height) * (1.0 - mix(opacity, 1.0, smoothstep(0.95, 1.0, progress)));
  vec4 below = mix(getToColor(uv), shadow_colour, shadow);
  vec4 falling = getFromColor(vec2(uv.x, uv.y + (1.0 - edge)));
  return mix(below, falling, step(above, 0.0));
}
