#ifndef MOVIEKIT_CCAIRO_SHIM_H
#define MOVIEKIT_CCAIRO_SHIM_H

#include <cairo/cairo.h>
#include <pango/pangocairo.h>

// PANGO_SCALE is a macro constant; keep it as a function so Swift sees a plain Int32.
static inline int mk_pango_scale(void) { return PANGO_SCALE; }

#endif
