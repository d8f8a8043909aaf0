#pragma once
// The metadata calls on one file that bonnie++'s file tests (phases/bonnie/file_test_common.h) and fio's metadata
// engines (engine/file_call_engine.h) both time: create, stat and remove one file, by its name relative to a
// directory's descriptor (AT_FDCWD: relative to the working directory, or an absolute path). One implementation,
// so that the two tools' figures are of the same system calls. Each returns the kernel's answer, -errno on failure
// (EINTR retried), and throws nothing: the callers decide what a failure is.
#include <sys/stat.h>

#include "result/stat_call.h"

namespace bench {


// openat(dir_fd, name, O_CREAT | flags, 0600) and, when it succeeded and `keep` is null, close(2) of the new
// descriptor: 0, or -errno of the open (or of the close). With `keep`, the open descriptor goes there for the
// caller to use and close. `flags` carries the access mode (O_WRONLY, O_RDWR) and any O_EXCL, O_NOFOLLOW, O_CLOEXEC.
int create_file_at(int dir_fd, const char* name, int flags, int* keep = nullptr);

// The stat of `name` that `call` names (result/stat_call.h): fstatat(dir_fd, name, status, 0 or
// AT_SYMLINK_NOFOLLOW), or for kStatx statx(-1, realpath(name), 0, STATX_ALL) as fio's filestat makes it (a name
// relative to another dir_fd than AT_FDCWD: statx(dir_fd, name, 0, STATX_ALL)), `status` then left as it was; 0 or
// -errno (of realpath too).
int stat_file_at(int dir_fd, const char* name, StatCall call, struct stat& status);

// unlinkat(dir_fd, name, 0): 0 or -errno.
int remove_file_at(int dir_fd, const char* name);

}  // namespace bench
