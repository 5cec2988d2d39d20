#ifndef MOVIEKIT_CASS_SHIM_H
#define MOVIEKIT_CASS_SHIM_H

// libass's API is plain functions, structs and enums, all of which Swift imports, except its message
// callback, which takes a va_list: the shim formats each message and hands the text to a sink.
// Only MovieKitSubtitles/ASS/ imports this module.
#include <ass/ass.h>
#include <stdarg.h>
#include <stdio.h>

typedef void (*mk_ass_message_sink)(int level, const char *text);

static inline void mk_ass_message(int level, const char *format, va_list arguments, void *data) {
    char text[512];
    vsnprintf(text, sizeof text, format, arguments);
    ((mk_ass_message_sink) data)(level, text);
}

/// Sends libass's messages, formatted, to `sink`.
static inline void mk_ass_set_message_sink(ASS_Library *library, mk_ass_message_sink sink) {
    ass_set_message_cb(library, mk_ass_message, (void *) sink);
}

#endif
