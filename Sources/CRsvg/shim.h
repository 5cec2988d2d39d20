#ifndef MOVIEKIT_CRSVG_SHIM_H
#define MOVIEKIT_CRSVG_SHIM_H

// librsvg's API is plain functions and structs, all of which Swift imports; no macro needs a shim.
// Only FrameDraw/Images/SVG/ imports this module.
#include <librsvg/rsvg.h>

#endif
