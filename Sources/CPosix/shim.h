#ifndef MOVIEKIT_CPOSIX_SHIM_H
#define MOVIEKIT_CPOSIX_SHIM_H

#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <fcntl.h>
#include <sys/syscall.h>
#include <stdio.h>
#include <unistd.h>

// Swift's Glibc module is built without _GNU_SOURCE, so these Linux flags may be missing; the
// values are the kernel's own (include/uapi/asm-generic/fcntl.h and linux/fs.h).
#ifndef O_TMPFILE
#define O_TMPFILE (020000000 | O_DIRECTORY)
#endif

#ifndef RENAME_NOREPLACE
#define RENAME_NOREPLACE (1 << 0)
#endif

// renameat2 is declared only under _GNU_SOURCE, which Swift's Glibc module does not set; the
// syscall is called directly so that it also works with a C library that lacks the wrapper.
// Returns 0 on success, or -1 with errno set (EEXIST when `to` exists; EINVAL or ENOSYS when
// the filesystem or kernel cannot do it).
// O_TMPFILE is (__O_TMPFILE | O_DIRECTORY), a macro Swift cannot import. Opens an unnamed
// regular file in `directory` that vanishes if the process dies before it is linked; returns the
// descriptor, or -1 with errno set (EOPNOTSUPP or EISDIR where the filesystem cannot do it).
static inline int mk_open_unnamed(const char *directory, int mode) {
    return open(directory, O_TMPFILE | O_RDWR | O_CLOEXEC, mode);
}

// Gives the unnamed file `fd` the name `to`, failing with EEXIST if `to` exists. linkat with
// AT_EMPTY_PATH needs CAP_DAC_READ_SEARCH, so the /proc/self/fd link is followed instead.
static inline int mk_link_unnamed(int fd, const char *to) {
    char path[64];
    snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
    return linkat(AT_FDCWD, path, AT_FDCWD, to, AT_SYMLINK_FOLLOW);
}

static inline int mk_rename_noreplace(const char *from, const char *to) {
#ifdef SYS_renameat2
    return (int)syscall(SYS_renameat2, AT_FDCWD, from, AT_FDCWD, to, RENAME_NOREPLACE);
#else
    errno = ENOSYS;
    return -1;
#endif
}

// Lowers the calling thread's scheduling priority by `increment` nice steps. Linux keeps a nice
// value per thread, and the priority calls given a thread id change only that thread. The
// syscalls are made directly because <sys/resource.h> clashes with Swift's Glibc module under
// _GNU_SOURCE; PRIO_PROCESS is 0, and the raw getpriority returns 20 - nice. Returns 0, or -1
// with errno set.
static inline int mk_lower_thread_priority(int increment) {
    long tid = syscall(SYS_gettid);
    long raw = syscall(SYS_getpriority, 0, tid);
    if (raw < 0) return -1;
    return (int)syscall(SYS_setpriority, 0, tid, 20 - (int)raw + increment);
}

#endif
