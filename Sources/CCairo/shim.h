#ifndef MOVIEKIT_CCAIRO_SHIM_H
#define MOVIEKIT_CCAIRO_SHIM_H

#include <cairo/cairo.h>
#include <pango/pangocairo.h>
// fontconfig and Pango's fontconfig font map: font files registered by path (FrameDraw's FontFiles).
#include <fontconfig/fontconfig.h>
#include <pango/pangofc-fontmap.h>
#include <pthread.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>

// PANGO_SCALE is a macro constant; keep it as a function so Swift sees a plain Int32.
static inline int mk_pango_scale(void) { return PANGO_SCALE; }

// Large image surfaces get their own anonymous mapping instead of malloc's heap.
//
// glibc serves a large malloc with mmap only until the first such block is freed; after that it raises
// its threshold to that block's size and serves the next ones from its heaps, where freed photo-sized
// blocks stay resident and fragment. A slideshow allocates and frees photo-sized surfaces for every
// slide, so its peak memory then grows with the number of slides. A mapping of its own is returned to
// the system when the surface is destroyed, and leaves malloc's threshold alone.
//
// The mapping starts with one header (its base and length), and the pixels follow at a 64-byte offset,
// so the destroy callback needs nothing but the user data pointer.
typedef struct { void *base; size_t length; } mk_surface_mapping;
#define MK_SURFACE_MAPPING_HEADER 64

// A few released mappings are kept for the next surface of the same length: a movie draws a surface
// of the same size for every frame (a video clip's picture), and a fresh mapping costs a page fault
// for each 4 KB page written (2,000 a frame at 1920x1088), while clearing a kept one is one memset.
// At most MK_SURFACE_POOL_SLOTS mappings and MK_SURFACE_POOL_BYTES in all are kept; the rest go back
// to the system as before.
#define MK_SURFACE_POOL_SLOTS 4
#define MK_SURFACE_POOL_BYTES ((size_t)96 << 20)

typedef struct {
    pthread_mutex_t lock;
    mk_surface_mapping *kept[MK_SURFACE_POOL_SLOTS];
    size_t bytes;
} mk_surface_pool;

static inline mk_surface_pool *mk_surface_pool_shared(void) {
    static mk_surface_pool pool = {PTHREAD_MUTEX_INITIALIZER, {0}, 0};
    return &pool;
}

static inline void mk_surface_mapping_release(void *data) {
    mk_surface_mapping *mapping = (mk_surface_mapping *)data;
    mk_surface_pool *pool = mk_surface_pool_shared();
    pthread_mutex_lock(&pool->lock);
    for (int slot = 0; slot < MK_SURFACE_POOL_SLOTS; slot++) {
        if (pool->kept[slot] == NULL && pool->bytes + mapping->length <= MK_SURFACE_POOL_BYTES) {
            pool->kept[slot] = mapping;
            pool->bytes += mapping->length;
            pthread_mutex_unlock(&pool->lock);
            return;
        }
    }
    pthread_mutex_unlock(&pool->lock);
    munmap(mapping->base, mapping->length);
}

// A kept mapping of exactly `length` bytes, or NULL.
static inline mk_surface_mapping *mk_surface_pool_take(size_t length) {
    mk_surface_pool *pool = mk_surface_pool_shared();
    mk_surface_mapping *found = NULL;
    pthread_mutex_lock(&pool->lock);
    for (int slot = 0; slot < MK_SURFACE_POOL_SLOTS && found == NULL; slot++) {
        if (pool->kept[slot] != NULL && pool->kept[slot]->length == length) {
            found = pool->kept[slot];
            pool->kept[slot] = NULL;
            pool->bytes -= length;
        }
    }
    pthread_mutex_unlock(&pool->lock);
    return found;
}

// Surfaces of at least `minimum_bytes` are mapped; smaller ones come from cairo_image_surface_create.
// The pixels start zeroed (transparent black), except those of a kept mapping when `clear` is 0: the
// caller then writes every pixel itself. Returns NULL when no mapping could be made.
static inline cairo_surface_t *mk_image_surface_create(int width, int height, size_t minimum_bytes, int clear) {
    int stride = cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, width);
    if (stride <= 0) { return cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height); }
    size_t bytes = (size_t)stride * (size_t)height;
    if (bytes < minimum_bytes) { return cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height); }
    size_t length = bytes + MK_SURFACE_MAPPING_HEADER;
    mk_surface_mapping *mapping = mk_surface_pool_take(length);
    void *base;
    if (mapping != NULL) {
        base = mapping->base;
        if (clear) { memset((unsigned char *)base + MK_SURFACE_MAPPING_HEADER, 0, bytes); }
    } else {
        base = mmap(NULL, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (base == MAP_FAILED) { return NULL; }
        mapping = (mk_surface_mapping *)base;
        mapping->base = base;
        mapping->length = length;
    }
    unsigned char *pixels = (unsigned char *)base + MK_SURFACE_MAPPING_HEADER;
    static const cairo_user_data_key_t key;
    cairo_surface_t *surface = cairo_image_surface_create_for_data(pixels, CAIRO_FORMAT_ARGB32, width, height, stride);
    if (cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS
        || cairo_surface_set_user_data(surface, &key, mapping, mk_surface_mapping_release)
               != CAIRO_STATUS_SUCCESS) {
        cairo_surface_destroy(surface);
        munmap(base, length);
        return NULL;
    }
    return surface;
}

#endif
