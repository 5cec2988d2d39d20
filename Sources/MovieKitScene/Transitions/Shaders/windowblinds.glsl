// Name: windowblinds
// Author: MovieKit contributors
// License: Apache-2.0
// Description: Alternate thin bands cross over faster, as through window blinds, while the pictures crossfade.

vec4 transition(vec2 uv) {
  float amount = progress;
  // Every other band, counted from the bottom, crosses one and a half times as fast.
  if (mod(floor(uv.y * 100.0 * progress), 2.0) == 0.0) amount *= 1.5;
  return mix(getFromColor(uv), getToColor(uv), mix(amount, progress, smoothstep(0.8, 1.0, progress)));
}
