#ifndef MOVIEKIT_CHEIF_SHIM_H
#define MOVIEKIT_CHEIF_SHIM_H

// libheif's API is plain functions and enums, all of which Swift imports; no macro needs a shim.
// Only FrameDraw/Images/HEIF/ imports this module.
#include <libheif/heif.h>

#endif
