#pragma once
// The specs of bench++'s tests, parts of a run's setup (result/run_setup.h): the I/O test spec (-s), the file
// test spec (-n) and the fsync latency test's sizes. Plain values in bytes and counts.
#include <cstdint>

namespace bench {

// -s size[:chunk[:seeks[:seekers]]], -f[N] and --seek-writes PERCENT.
struct IoSpec {
  std::uint64_t file_size_bytes = 0;       // > 0; "-s 0" is represented by no IoSpec at all
  std::uint32_t chunk_bytes = 8192;        // power of two in [256, 1 MiB]
  std::uint32_t seeks = 8192;              // random seek tickets in total
  std::uint32_t seekers = 5;               // concurrent seeker threads
  std::uint64_t per_char_bytes = 3u << 20;  // 0 skips both per-char tests (-f); never above file_size_bytes
  // Percent of seek tickets that write their block back, 0..100; 10 = bonnie++ (0 = fio's randread). Last, so
  // that IoSpec{size, chunk, seeks, seekers, per_char} keeps its meaning.
  std::uint32_t seek_write_percent = 10;
};

// How the file tests give files their content.
enum class FileContent {
  kData,      // regular files of [min, max] bytes
  kHardLink,  // max = -1: every name is a hard link to one empty file
  kSymLink,   // max = -2: every name is a symbolic link to one empty file
};

// -n num[:max[:min[:dirs[:chunk]]]].
struct FileSpec {
  std::uint32_t count_k = 16;  // files = count_k * 1024; "-n 0" is represented by no FileSpec
  FileContent content = FileContent::kData;
  std::uint64_t max_size_bytes = 0;  // with kData; 0 makes empty files
  std::uint64_t min_size_bytes = 0;  // <= max_size_bytes
  std::uint32_t dirs = 1;            // subdirectories to spread the files over (1: none)
  std::uint32_t chunk_bytes = 8192;  // write/read size for file content; power of two in [256, 1 MiB]

  std::uint64_t file_count() const { return std::uint64_t{count_k} * 1024; }
};

// The fsync latency test, as etcd's storage check runs it: small sequential writes, each followed by
// fdatasync.
struct SyncTestSpec {
  std::uint32_t write_bytes = 2300;
  std::uint64_t total_bytes = 22u << 20;

  std::uint64_t write_count() const { return total_bytes / write_bytes; }
};

}  // namespace bench
