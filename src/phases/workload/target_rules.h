#pragma once
// The rules that keep bench++ from destroying what it did not create (phases/workload/workload_files.h says them
// whole), each a function that returns why a planned target is refused, or nullopt when it may be used. The
// planner (WorkloadFiles::plan) asks them and names the workload in the error. Pure but for
// created_path_refusal, which makes a relative path absolute against the current directory.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

#include "result/workload_spec.h"

namespace bench {

// Unless `name` can be one entry of a directory (not empty, no '/', not "." or "..", at most NAME_MAX bytes): why
// not. `what` says where the name comes from, for the message.
std::optional<std::string> entry_name_refusal(std::string_view name, std::string_view what);

// fio's create_on_open=1 leaves a new file empty until the job opens it: its reads would find nothing (fio fails).
std::optional<std::string> created_on_open_refusal(const WorkloadSpec& spec);

// Unless bench++ may create `path`: inside `directory` (lexically: a filename= with '..' that climbs out of it, or
// an absolute one elsewhere, would create a file outside the directory the user gave), and with every component a
// file name of at most NAME_MAX bytes, the whole shorter than PATH_MAX.
std::optional<std::string> created_path_refusal(const std::filesystem::path& path,
                                                const std::filesystem::path& directory);

// For an existing file or device at `path` that bench++ did not create: a workload that writes or trims it without
// --allow-overwrite naming it, or one whose unlink_each_loop would remove a regular file.
std::optional<std::string> existing_target_refusal(const WorkloadSpec& spec, const std::filesystem::path& path,
                                                   bool block_device);

// The bytes a job works on in an existing file or device of `size` bytes from `start` (fio's io_size): `wanted`
// (size=, or its share of several files), size=N% of the file (cut at its end, whole blocks) or, without either,
// up to its end; or why it does not fit (bench++ does not extend what it did not create).
struct ExistingRegion {
  std::uint64_t bytes = 0;
  std::optional<std::string> refusal;
};
ExistingRegion existing_region(const WorkloadSpec& spec, std::uint64_t start, std::uint64_t size,
                               const std::filesystem::path& path, std::uint64_t wanted);

// Under several MPI ranks, a filename= that is not each rank's own file (absolute, or inside directory=), at
// `path`: every rank would write, trim or create the same file, unless it `exists` and the workload only reads.
std::optional<std::string> shared_rank_file_refusal(const WorkloadSpec& spec, const std::filesystem::path& path,
                                                    bool exists);

}  // namespace bench
