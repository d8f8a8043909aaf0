#pragma once
// The rules of a workload's files (phases/workload/workload_files.h says them whole), each a function that returns
// why a planned target is refused, or nullopt when it may be used, under the run's FileRules (result/run_setup.h):
// bench++'s, which keep it from destroying what it did not create, or fio 3.33's (fio's persona). The planner
// (WorkloadFiles::plan) asks them and names the workload in the error. Pure but for created_path_refusal, which
// makes a relative path absolute against the current directory.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "result/run_setup.h"
#include "result/workload_spec.h"

namespace bench {

// Unless `name` can be one entry of a directory (not empty, no '/', not "." or "..", at most NAME_MAX bytes): why
// not. `what` says where the name comes from, for the message.
std::optional<std::string> entry_name_refusal(std::string_view name, std::string_view what);

// Unless every name of the jobs' own files (result/job_file_names.h own_file_name: filename_format= expanded) is an
// entry of a directory (entry_name_refusal: fio makes the subdirectories a format's '/' names, bench++ makes none),
// and every job of numjobs has each of its files (fio's rule, job_file_names.h fio_dropped_file: a later job gets no
// file whose name the first job has, and bench++ runs no job with fewer files than nrfiles=): why not.
std::optional<std::string> own_file_names_refusal(const WorkloadSpec& spec);

// fio's create_on_open=1 leaves a new file empty until the job opens it: its reads would find nothing (fio fails).
std::optional<std::string> created_on_open_refusal(const WorkloadSpec& spec);

// Unless bench++ may create `path`: with every component a file name of at most NAME_MAX bytes, the whole shorter
// than PATH_MAX, and under bench++'s rules inside `directory` (lexically: a filename= with '..' that climbs out of
// it, or an absolute one elsewhere, would create a file outside the directory the user gave). fio's rules create
// a filename= where it names.
std::optional<std::string> created_path_refusal(const std::filesystem::path& path,
                                                const std::filesystem::path& directory,
                                                FileRules rules = FileRules::kBench);

// For an existing file or device at `path` that bench++ did not create (`mounted`: a block device a filesystem is
// mounted from). bench++'s rules: a workload that writes or trims it without --allow-overwrite naming it, or one
// whose unlink_each_loop would remove a regular file. fio's rules write it as given, but a mounted block device
// that a workload writes without allow_mounted_write=1 (fio 3.33's check_mount_writes).
std::optional<std::string> existing_target_refusal(const WorkloadSpec& spec, const std::filesystem::path& path,
                                                   bool block_device, bool mounted = false,
                                                   FileRules rules = FileRules::kBench);

// The bytes a job works on in an existing file or device of `size` bytes from `start` (fio's io_size): `wanted`
// (size=, or its share of several files), size=N% of the file (cut at its end, whole blocks) or, without either,
// up to its end. When `wanted` goes past the end: under bench++'s rules (and for a block device) why it does not
// fit, as bench++ does not extend what it did not create; under fio's rules a regular file is laid out anew, to
// hold it (fio's extend_file removes it and makes it again), or with file_append=1 for a job that does not read,
// extended in place (fio's extend_file then neither removes nor lays it out). With file_append=1 and no size=, the
// region is as long as the file (fio's size: the file's).
struct ExistingRegion {
  std::uint64_t bytes = 0;
  std::optional<std::string> refusal;
  bool lays_out_again = false;  // fio's rules: the file is too small, and is made anew
  bool extends = false;         // fio's rules, file_append=1: the file is too small, and is extended in place
};
ExistingRegion existing_region(const WorkloadSpec& spec, std::uint64_t start, std::uint64_t size,
                               const std::filesystem::path& path, std::uint64_t wanted,
                               FileRules rules = FileRules::kBench, bool block_device = false);

// What the workloads' options mean under `rules`, settled before the plan: under fio's rules a workload that does
// not write unlink= keeps its files (fio's default unlink=0; bench++'s own default removes them).
void settle_file_rules(FileRules rules, std::vector<WorkloadSpec>& workloads);

// Under several MPI ranks, a filename= that is not each rank's own file (absolute, or inside directory=), at
// `path`: every rank would write, trim or create the same file, unless it `exists` and the workload only reads.
std::optional<std::string> shared_rank_file_refusal(const WorkloadSpec& spec, const std::filesystem::path& path,
                                                    bool exists);

}  // namespace bench
