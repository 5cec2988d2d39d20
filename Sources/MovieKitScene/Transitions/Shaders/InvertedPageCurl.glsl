// Name: InvertedPageCurl
// Author: MovieKit contributors
// License: Apache-2.0
// Description: The picture curls up like a page from the bottom-right corner, showing the next one beneath.
// MovieKit's own curl: gl-transitions' HP page curl is not reproduced; load the collection for it.

bool inside(vec2 p) {
  return p.x >= 0.0 && p.x <= 1.0 && p.y >= 0.0 && p.y <= 1.0;
}

vec4 transition(vec2 uv) {
  // The fold runs across the bottom-right corner and moves up and left.
  vec2 towards = vec2(-0.70710678, 0.70710678);
  float along = dot(uv - vec2(1.0, 0.0), towards);
  float fold = progress * 1.4143;
  if (along < fold) return getToColor(uv);
  if (along < 2.0 * fold) {
    // The page's back, mirrored over the fold and shaded.
    vec2 back = uv - 2.0 * (along - fold) * towards;
    vec4 c = getFromColor(back);
    float shade = 0.75 + 0.25 * (along - fold) / max(fold, 0.0001);
    return vec4(mix(c.rgb, vec3(c.a), 0.5) * shade, c.a);
  }
  float shadow = 0.3 * max(0.0, 1.0 - (along - 2.0 * fold) / 0.05) * step(0.0001, progress);
  return getFromColor(uv) * (1.0 - shadow);
}
