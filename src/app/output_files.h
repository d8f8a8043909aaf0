#pragma once
// Every file a run names by path, with its role, so that no output replaces an input, a data file or another output
// of the run, however the two are spelt (platform/file_identity.h: the same device and inode, or the same resolved
// path), and no output goes onto a device that keeps what is written. Checked on rank 0 right after the plan, for a
// run and --dry-run alike, before anything is written (man page, SAFETY and EXIT STATUS: exit 2).
//   outputs: the result files (--json, --csv, --html: Config::result_files), fio's --output, fio's log files
//            (result/fio_log_names.h);
//   inputs:  the job files and the files they include (Config::job_files);
//   both:    the workloads' files named by filename= (the plan's targets; bench++'s own files in its private
//            directories are named by nobody else).
// A "-" (standard output) is no file. An output may be a regular file or a path where nothing is yet (replaced
// whole: app/document_output.h), a stream (a pipe, a socket, a terminal: FileKind::kStream) or a device that keeps
// nothing (/dev/null and its kin: FileKind::kDiscard, where any number of outputs may go); a block device or any
// other special file only when --allow-overwrite names it.
#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "cli/config.h"
#include "plan/plan.h"
#include "platform/file_identity.h"

namespace bench {

// One file of the run, as it is named.
struct RunFile {
  std::string role;  // "--json", "fio's --output", "write_bw_log of workload 'x'", "the job file", ...
  std::string path;  // as named
  bool output = false;
  FileIdentity identity;
};

// The first pair (in the order of `files`) of which at least one is an output and both are one file; nullopt when
// there is none. Pure.
std::optional<std::pair<std::size_t, std::size_t>> first_collision(std::span<const RunFile> files);

// The one line that names both roles and the path of a collision (first_collision's pair, `a` the earlier). Pure.
std::string collision_message(const RunFile& a, const RunFile& b);

// Why an output may not go where `file` says (a block device or another special file, without --allow-overwrite
// naming it: `allowed`), or nullopt. Pure.
std::optional<std::string> output_kind_refusal(const RunFile& file, bool allowed);

// Every file of `config`'s run with `plan`: outputs first, in the output table's order, then the job files, then
// the workloads' files. Looks at the filesystem (identify_file).
std::vector<RunFile> run_files(const Config& config, const Plan& plan);

// Throws UsageError for the first output onto a special file (output_kind_refusal) or collision (first_collision)
// among run_files(config, plan).
void check_output_files(const Config& config, const Plan& plan);

}  // namespace bench
