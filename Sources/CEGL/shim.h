#ifndef MOVIEKIT_CEGL_SHIM_H
#define MOVIEKIT_CEGL_SHIM_H

#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES2/gl2.h>
#include <stddef.h>

// EGL_NO_DISPLAY, EGL_NO_CONTEXT, EGL_NO_SURFACE and EGL_DEFAULT_DISPLAY are casts of 0 to pointer types,
// which Swift does not import; these return them.
static inline EGLDisplay mk_egl_no_display(void) { return EGL_NO_DISPLAY; }
static inline EGLContext mk_egl_no_context(void) { return EGL_NO_CONTEXT; }
static inline EGLSurface mk_egl_no_surface(void) { return EGL_NO_SURFACE; }
static inline void *mk_egl_default_display(void) { return EGL_DEFAULT_DISPLAY; }

// EGL_EXT_device_enumeration and EGL_EXT_device_query are extension functions, reached only through
// eglGetProcAddress, whose result Swift cannot cast to their types; these look them up and call them,
// returning EGL_FALSE or NULL when the driver does not have them.

// eglQueryDevicesEXT: up to max_devices devices into devices (NULL: count them only), their number into count.
static inline EGLBoolean mk_egl_query_devices(EGLint max_devices, EGLDeviceEXT *devices, EGLint *count) {
    PFNEGLQUERYDEVICESEXTPROC query = (PFNEGLQUERYDEVICESEXTPROC)eglGetProcAddress("eglQueryDevicesEXT");
    return query ? query(max_devices, devices, count) : EGL_FALSE;
}

// eglQueryDeviceStringEXT: one of a device's strings (EGL_EXTENSIONS, EGL_DRM_DEVICE_FILE_EXT).
static inline const char *mk_egl_query_device_string(EGLDeviceEXT device, EGLint name) {
    PFNEGLQUERYDEVICESTRINGEXTPROC query =
        (PFNEGLQUERYDEVICESTRINGEXTPROC)eglGetProcAddress("eglQueryDeviceStringEXT");
    return query ? query(device, name) : NULL;
}

// eglGetPlatformDisplayEXT (EGL_EXT_platform_base), which takes EGLint attributes where EGL 1.5's
// eglGetPlatformDisplay takes EGLAttrib ones: the display of one device (EGL_PLATFORM_DEVICE_EXT).
static inline EGLDisplay mk_egl_device_display(EGLDeviceEXT device) {
    PFNEGLGETPLATFORMDISPLAYEXTPROC get =
        (PFNEGLGETPLATFORMDISPLAYEXTPROC)eglGetProcAddress("eglGetPlatformDisplayEXT");
    return get ? get(EGL_PLATFORM_DEVICE_EXT, device, NULL) : EGL_NO_DISPLAY;
}

#endif
