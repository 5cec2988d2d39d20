// Code that imports MovieKitCore also sees the timing library (easing, keyframes, springs, timelines),
// which lives in its own module so that it depends on nothing but FrameDraw's value types.
@_exported import MovieKitAnimation
