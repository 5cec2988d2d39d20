#ifndef MOVIEKIT_CEGL_SHIM_H
#define MOVIEKIT_CEGL_SHIM_H

#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES2/gl2.h>

// EGL_NO_DISPLAY, EGL_NO_CONTEXT, EGL_NO_SURFACE and EGL_DEFAULT_DISPLAY are casts of 0 to pointer types,
// which Swift does not import; these return them.
static inline EGLDisplay mk_egl_no_display(void) { return EGL_NO_DISPLAY; }
static inline EGLContext mk_egl_no_context(void) { return EGL_NO_CONTEXT; }
static inline EGLSurface mk_egl_no_surface(void) { return EGL_NO_SURFACE; }
static inline void *mk_egl_default_display(void) { return EGL_DEFAULT_DISPLAY; }

#endif
