#pragma once
// What a run of bench++'s own tests takes on disk at most: the bound the free-space and inode checks compare
// with the filesystem (run/run_directory.h) and the command line checks for overflow (cli/bonnie_command_line.h). Pure.
// Each figure is exact (result/size_arithmetic.h) or nullopt when it does not fit in 64 bits, which no
// filesystem can give: the command line refuses such a run as a usage error.
#include <cstdint>

#include "result/run_setup.h"
#include "result/size_arithmetic.h"

namespace bench {

// One worker's file set: file_count() files of max_size_bytes, each rounded up to a 4 KiB block (inodes and
// directory entries not counted). 0 for empty files and links.
CheckedSize file_set_bytes_needed(const FileSpec& spec);

// One worker: the largest of its tests' files (the I/O test's file, its file set, the fsync test's file), which
// never exist at once (the runner removes the I/O test's file before the file tests).
CheckedSize worker_bytes_needed(const RunSetup& setup);

// The whole run: one worker's bytes for each of setup.concurrency workers on each of `ranks` ranks.
CheckedSize run_bytes_needed(const RunSetup& setup, std::uint32_t ranks);

// The inodes a run with file tests takes at most: on every rank, for every worker, its file set (one inode for
// all hard links), the set's subdirectories, its own two directories and one test file; and the run's private
// directory and its rank directories. 0 without file tests (the other tests take a handful).
CheckedSize run_inodes_needed(const RunSetup& setup, std::uint32_t ranks);

}  // namespace bench
