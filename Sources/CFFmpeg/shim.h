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
#include <libswresample/swresample.h>
#include <libswscale/swscale.h>

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

#endif
