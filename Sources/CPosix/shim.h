#ifndef MOVIEKIT_CPOSIX_SHIM_H
#define MOVIEKIT_CPOSIX_SHIM_H

#include <errno.h>
#include <fcntl.h>
#include <sys/syscall.h>
#include <unistd.h>

#ifndef RENAME_NOREPLACE
#define RENAME_NOREPLACE (1 << 0)
#endif

// renameat2 is declared only under _GNU_SOURCE, which Swift's Glibc module does not set; the
// syscall is called directly so that it also works with a C library that lacks the wrapper.
// Returns 0 on success, or -1 with errno set (EEXIST when `to` exists; EINVAL or ENOSYS when
// the filesystem or kernel cannot do it).
static inline int mk_rename_noreplace(const char *from, const char *to) {
#ifdef SYS_renameat2
    return (int)syscall(SYS_renameat2, AT_FDCWD, from, AT_FDCWD, to, RENAME_NOREPLACE);
#else
    errno = ENOSYS;
    return -1;
#endif
}

#endif
