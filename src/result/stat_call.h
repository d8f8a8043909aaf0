#pragma once
// Which call a stat of one file makes (fio's filestat engine's stat_type=; engines/fileoperations.c): stat(2),
// following a final symbolic link; lstat(2), not following it; or statx(2) of the file's real path (fio's
// statx(-1, realpath(path), 0, STATX_ALL)). In StatCall's order: fio's words stat, lstat, statx.
namespace bench {

enum class StatCall { kStat, kLstat, kStatx };

}  // namespace bench
