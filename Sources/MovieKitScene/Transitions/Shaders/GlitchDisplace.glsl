// Name: GlitchDisplace
// Author: MovieKit contributors
// License: Apache-2.0
// Description: The pictures displace each other by their colours and flash grey in between, like a glitch.

// Whether the grey flash is transparent rather than opaque.
uniform bool transparentMode; // = false

// Exponential ease in and out.
float easeInOut(float t) {
  if (t == 0.0 || t == 1.0) return t;
  return t < 0.5 ? 0.5 * pow(2.0, 20.0 * t - 10.0) : -0.5 * pow(2.0, 10.0 - t * 20.0) + 1.0;
}

// Exponential ease out.
float easeOut(float t) {
  return t == 1.0 ? t : 1.0 - pow(2.0, -10.0 * t);
}

// `uv` shifted by the colour `c`: darker and lighter colours push differently.
vec2 displaced(vec4 c, vec2 uv, float dotDepth, float textureDepth, float strength) {
  vec2 push = (c.xy * dotDepth + 1.0 - c.xy * textureDepth) - 1.0 + textureDepth * dotDepth;
  return uv + push * strength;
}

vec4 transition(vec2 uv) {
  vec4 current = getFromColor(uv);
  vec4 next = getToColor(uv);
  vec4 nextDisplaced = getToColor(displaced(current, uv, 0.33, 0.7, 1.0 - easeInOut(progress)));
  vec4 currentDisplaced = getFromColor(displaced(next, uv, 0.33, 0.5, easeOut(progress)));
  float gray = dot(min(currentDisplaced, nextDisplaced).rgb, vec3(0.299, 0.587, 0.114));
  vec4 flash = vec4(vec3(gray), transparentMode ? 0.0 : 1.0) * 2.0;
  current = mix(current, flash, smoothstep(0.0, 0.5, progress));
  // Edges in reverse order: the displaced picture gives way to the plain one as progress grows.
  next = mix(next, nextDisplaced, smoothstep(1.0, 0.5, progress));
  return mix(current, next, easeInOut(progress));
}
