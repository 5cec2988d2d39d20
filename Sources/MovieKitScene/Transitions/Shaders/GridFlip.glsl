// Name: GridFlip
// Author: MovieKit contributors
// License: Apache-2.0
// Description: The picture splits into a grid of tiles, each flipping over to the next picture.

// How many tiles there are (columns, rows).
uniform ivec2 size; // = ivec2(4)
// How long the dividers take to open at the start and close at the end.
uniform float pause; // = 0.1
// How wide the dividers are, as a part of a tile.
uniform float dividerWidth; // = 0.05
// The colour between and behind the tiles.
uniform vec4 bgcolor; // = vec4(0.0, 0.0, 0.0, 1.0)
// How unevenly the tiles flip.
uniform float randomness; // = 0.1

float random(vec2 p) {
  return fract(sin(dot(p, vec2(12.9898, 78.233))) * 43758.5453);
}

// How far `p` is from the nearest edge of its tile.
float edgeDistance(vec2 p) {
  vec2 tiles = vec2(size);
  vec2 tile = floor(tiles * p);
  vec2 tileSize = 1.0 / tiles;
  float dx = min(abs(p.x - tileSize.x * tile.x), abs(p.x - tileSize.x * (tile.x + 1.0)));
  float dy = min(abs(p.y - tileSize.y * (tile.y + 1.0)), abs(p.y - tileSize.y * tile.y));
  return min(dx, dy);
}

float dividerSize() {
  vec2 tileSize = 1.0 / vec2(size);
  return min(tileSize.x, tileSize.y) * dividerWidth;
}

vec4 transition(vec2 uv) {
  bool onDivider = edgeDistance(uv) < dividerSize();
  if (progress < pause) {
    return mix(bgcolor, getFromColor(uv), onDivider ? 1.0 - progress / pause : 1.0);
  }
  if (progress >= 1.0 - pause) {
    return mix(bgcolor, getToColor(uv), onDivider ? (progress - 1.0 + pause) / pause : 1.0);
  }
  if (onDivider) return bgcolor;
  float flipping = (progress - pause) / (1.0 - pause * 2.0);
  vec2 tile = floor(vec2(size) * uv);
  float turn = smoothstep(0.0, 1.0 - (random(tile) - randomness), flipping);
  float tileWidth = 1.0 / vec2(size).x;
  float left = tile.x * tileWidth;
  float middle = left + tileWidth / 2.0;
  // The tile seen edge-on at half a turn: squeeze it towards its middle.
  vec2 p = vec2((uv.x - middle) / abs(turn - 0.5) * 0.5 + middle, uv.y);
  vec4 face = mix(getToColor(p), getFromColor(p), step(turn, 0.5));
  float onTile = step(abs(vec2(size).x * (uv.x - left) - 0.5), abs(turn - 0.5));
  return mix(bgcolor, face, onTile);
}
