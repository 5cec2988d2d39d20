#ifndef MOVIEKIT_CFFMPEG_SHIM_H
#define MOVIEKIT_CFFMPEG_SHIM_H

#include <errno.h>
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavfilter/avfilter.h>
#include <libavfilter/buffersink.h>
#include <libavfilter/buffersrc.h>
#include <libavutil/avutil.h>
#include <libavutil/channel_layout.h>
#include <libavutil/display.h>
#include <libavutil/imgutils.h>
#include <libavutil/opt.h>
#include <libavutil/pixdesc.h>
#include <libavutil/samplefmt.h>
#include <libavutil/tx.h>
#include <libswresample/swresample.h>
#include <libswscale/swscale.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>

// AVERROR(e) is a function-like macro, which Swift cannot import.
static inline int mk_averror(int e) { return AVERROR(e); }

// AVERROR_EOF is built with FFERRTAG, a function-like macro, so Swift sees no constant.
static inline int mk_averror_eof(void) { return AVERROR_EOF; }

// AVERROR(EAGAIN): the "not now, try again" state from the send/receive API.
static inline int mk_averror_eagain(void) { return AVERROR(EAGAIN); }

// AV_NOPTS_VALUE is a cast expression ((int64_t)UINT64_C(0x8000000000000000)), which Swift cannot import.
static inline int64_t mk_nopts_value(void) { return AV_NOPTS_VALUE; }

// av_strerror needs a caller-owned buffer; this fills one of AV_ERROR_MAX_STRING_SIZE bytes.
static inline int mk_strerror(int errnum, char *buffer, size_t size) { return av_strerror(errnum, buffer, size); }

// AV_ERROR_MAX_STRING_SIZE is a macro constant that Swift does import, but keep its use explicit here.
static inline size_t mk_error_max_string_size(void) { return AV_ERROR_MAX_STRING_SIZE; }

// --- Pictures in mappings of their own ---------------------------------------------------------------
//
// A still image's decoder allocates its picture, uses it once and frees it with the decoder. From malloc,
// a picture of several megabytes is served with mmap, but freeing it raises glibc's mmap threshold to its
// size, after which such blocks stay in malloc's heaps and fragment: a slideshow's peak memory then grows
// with its number of photos. These buffers are anonymous mappings, returned to the system when freed.

static inline void mk_mapped_buffer_release(void *opaque, uint8_t *data) {
    munmap(data, (size_t)(uintptr_t)opaque);
}

// The line sizes and byte count of a `width` x `height` picture of `format` as MovieKit lays pictures out in
// mappings. Each line size is a multiple of 64 (the widest SIMD alignment libavcodec asks for); like
// libavcodec's own allocator, the width is widened until every plane's line size is aligned, rather than
// aligning each line size alone, so ratios between planes hold. The length has slack past the last plane
// for SIMD code that reads ahead. Returns the length, or 0 when libavutil cannot compute a layout.
static inline size_t mk_picture_layout(enum AVPixelFormat format, int width, int height, int linesizes[4]) {
    if (width <= 0 || height <= 0 || format < 0) { return 0; }
    int unaligned;
    int attempts = 0;
    do {
        if (av_image_fill_linesizes(linesizes, format, width) < 0 || ++attempts > 16) { return 0; }
        width += width & ~(width - 1);
        unaligned = 0;
        for (int i = 0; i < 4; i++) { unaligned |= linesizes[i] % 64; }
    } while (unaligned);
    uint8_t *planes[4] = {0};
    int size = av_image_fill_pointers(planes, format, height, NULL, linesizes);
    if (size <= 0) { return 0; }
    return (size_t)size + 16 + 64 + AV_INPUT_BUFFER_PADDING_SIZE;
}

// Points `frame`'s planes into `base`, laid out with `linesizes` (from mk_picture_layout), owned by `buffer`.
static inline void mk_attach_picture(AVFrame *frame, AVBufferRef *buffer, uint8_t *base, int height, const int linesizes[4]) {
    uint8_t *planes[4] = {0};
    av_image_fill_pointers(planes, (enum AVPixelFormat)frame->format, height, base, linesizes);
    for (int i = 0; i < 4; i++) {
        frame->data[i] = planes[i];
        frame->linesize[i] = linesizes[i];
    }
    frame->buf[0] = buffer;
    frame->extended_data = frame->data;
}

// Lays out `frame`'s planes for a `width` x `height` picture (mk_picture_layout) in one zeroed mapping of
// its own, when the picture takes at least `minimum_bytes`. Returns 0 on success, a negative AVERROR, or 1
// when the caller should allocate another way (a small picture, or a layout libavutil cannot compute).
static inline int mk_map_picture(AVFrame *frame, int width, int height, size_t minimum_bytes) {
    int linesizes[4] = {0};
    size_t length = mk_picture_layout((enum AVPixelFormat)frame->format, width, height, linesizes);
    if (length == 0 || length < minimum_bytes) { return 1; }
    void *base = mmap(NULL, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (base == MAP_FAILED) { return AVERROR(ENOMEM); }
    AVBufferRef *buffer = av_buffer_create((uint8_t *)base, length, mk_mapped_buffer_release, (void *)(uintptr_t)length, 0);
    if (!buffer) {
        munmap(base, length);
        return AVERROR(ENOMEM);
    }
    mk_attach_picture(frame, buffer, (uint8_t *)base, height, linesizes);
    return 0;
}

// get_buffer2 for still-picture decoders: every picture in a mapping of its own, at the dimensions the
// codec asks to be padded to. Anything but video falls back to libavcodec's allocator.
static inline int mk_get_mapped_picture(struct AVCodecContext *context, AVFrame *frame, int flags) {
    if (context->codec_type != AVMEDIA_TYPE_VIDEO || frame->width <= 0 || frame->height <= 0) {
        return avcodec_default_get_buffer2(context, frame, flags);
    }
    int width = frame->width;
    int height = frame->height;
    int linesize_align[AV_NUM_DATA_POINTERS];
    avcodec_align_dimensions2(context, &width, &height, linesize_align);
    int result = mk_map_picture(frame, width, height, 0);
    return result == 1 ? avcodec_default_get_buffer2(context, frame, flags) : result;
}

// av_frame_get_buffer for a picture whose format, width and height are set, with pictures of at least
// `minimum_bytes` in a mapping of their own, padded to a height that is a multiple of 32 as
// av_frame_get_buffer pads them. Returns 0 or a negative AVERROR.
static inline int mk_frame_get_buffer(AVFrame *frame, size_t minimum_bytes) {
    int result = mk_map_picture(frame, frame->width, (frame->height + 31) & ~31, minimum_bytes);
    return result == 1 ? av_frame_get_buffer(frame, 0) : result;
}

// Makes a decoder allocate its pictures with mk_get_mapped_picture. Call before avcodec_open2.
static inline void mk_use_mapped_pictures(AVCodecContext *context) {
    context->get_buffer2 = mk_get_mapped_picture;
#if FF_API_THREAD_SAFE_CALLBACKS
    // Each call maps a picture of its own and shares nothing, so frame threads may call it at once.
    context->thread_safe_callbacks = 1;
#endif
}

// --- Video decoders' pictures in a pool of mappings --------------------------------------------------
//
// A video decoder takes its pictures from a pool while it is open. libavcodec's own pools take them from
// malloc: freed when a clip closes, those multi-megabyte blocks raise glibc's mmap threshold and stay in
// malloc's heaps, fragmented, so a montage's peak memory grows with its number of clips. This pool hands
// out anonymous mappings, reused while the decoder runs and returned to the system when the pool is freed.

typedef struct MKPicturePool {
    pthread_mutex_t lock;
    AVBufferPool *pool;
    size_t size;
} MKPicturePool;

// av_buffer_pool_init2's allocator: one mapping per buffer.
static inline AVBufferRef *mk_picture_pool_alloc(void *opaque, size_t size) {
    (void)opaque;
    void *base = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (base == MAP_FAILED) { return NULL; }
    AVBufferRef *buffer = av_buffer_create((uint8_t *)base, size, mk_mapped_buffer_release, (void *)(uintptr_t)size, 0);
    if (!buffer) { munmap(base, size); }
    return buffer;
}

// get_buffer2 for video decoders: the picture laid out as mk_map_picture lays it out, in a buffer of the
// context's pool (its `opaque`), which is made again when the picture size changes. Called from the
// decoder's frame threads at once, hence the lock. Codecs that cannot take outside buffers (no DR1),
// and anything but video, use libavcodec's allocator.
static inline int mk_get_pooled_picture(struct AVCodecContext *context, AVFrame *frame, int flags) {
    MKPicturePool *state = (MKPicturePool *)context->opaque;
    if (!state || context->codec_type != AVMEDIA_TYPE_VIDEO || !(context->codec->capabilities & AV_CODEC_CAP_DR1)
        || frame->width <= 0 || frame->height <= 0 || frame->format < 0) {
        return avcodec_default_get_buffer2(context, frame, flags);
    }
    int width = frame->width;
    int height = frame->height;
    int linesize_align[AV_NUM_DATA_POINTERS];
    avcodec_align_dimensions2(context, &width, &height, linesize_align);
    int linesizes[4] = {0};
    size_t length = mk_picture_layout((enum AVPixelFormat)frame->format, width, height, linesizes);
    if (length == 0) { return avcodec_default_get_buffer2(context, frame, flags); }
    pthread_mutex_lock(&state->lock);
    if (!state->pool || state->size != length) {
        av_buffer_pool_uninit(&state->pool);
        state->pool = av_buffer_pool_init2(length, NULL, mk_picture_pool_alloc, NULL);
        state->size = length;
    }
    AVBufferRef *buffer = state->pool ? av_buffer_pool_get(state->pool) : NULL;
    pthread_mutex_unlock(&state->lock);
    if (!buffer) { return AVERROR(ENOMEM); }
    mk_attach_picture(frame, buffer, buffer->data, height, linesizes);
    return 0;
}

// Makes a decoder take its pictures from a new pool of mappings. Call before avcodec_open2; free the
// pool with mk_picture_pool_free after the context. Returns NULL when out of memory.
static inline MKPicturePool *mk_use_picture_pool(AVCodecContext *context) {
    MKPicturePool *state = (MKPicturePool *)calloc(1, sizeof(MKPicturePool));
    if (!state) { return NULL; }
    if (pthread_mutex_init(&state->lock, NULL) != 0) {
        free(state);
        return NULL;
    }
    context->opaque = state;
    context->get_buffer2 = mk_get_pooled_picture;
#if FF_API_THREAD_SAFE_CALLBACKS
    // The pool is locked, so frame threads may call it at once; FFmpeg 5 warns unless this says so.
    context->thread_safe_callbacks = 1;
#endif
    return state;
}

// Frees the pool once its context is freed; pictures still in use keep their mappings until released.
static inline void mk_picture_pool_free(MKPicturePool *state) {
    if (!state) { return; }
    av_buffer_pool_uninit(&state->pool);
    pthread_mutex_destroy(&state->lock);
    free(state);
}

#endif
