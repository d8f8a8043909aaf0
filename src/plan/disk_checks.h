#pragma once
// The checks of a plan that need more of the disk than make_plan reads, made right after it (app/run_command.cpp: on
// every rank, for the run and --dry-run alike, before any work), so that what the run would meet late the plan says
// first, with exit status 2:
//   - every directory the run makes things in takes them (platform/storage_probe.h's probe, which removes what it
//     made): -d when bonnie++'s tests run there (their private directory), each directory= entry (or -d) of a
//     workload with files of its own (its private directory), the directory of each filename= bench++ creates;
//   - each workload's requests are what its targets take (plan/request_alignment.h), from the limits the disk says:
//     a block device's logical block size and discard, a file's O_DIRECT alignment (statx), a new file's those of a
//     file the probe made in its directory.
#include <filesystem>
#include <string>
#include <vector>

#include "plan/plan.h"
#include "platform/storage_probe.h"

namespace bench {

// One directory a plan makes things in, and who asks for it (for the message: "-d", "workload 'x'").
struct PlannedDirectory {
  std::filesystem::path path;
  DirectoryUse use = DirectoryUse::kPrivateDirectory;
  std::string user;
  std::string option;  // where the directory comes from: "-d", "directory=", "filename="
};

// The directories `plan` makes things in (see above), each (path, use) once, in the order the run first uses them.
// `directory` is -d. Pure.
std::vector<PlannedDirectory> planned_directories(const Plan& plan, const std::filesystem::path& directory);

// The checks above. Throws UsageError: "directory '/proc' (-d) cannot hold the run's files: a directory cannot be
// made in it (No such file or directory)", "workload 'x': a trim of 1000 bytes (bs=) on block device ...";
// std::system_error when a block device's limits cannot be read.
void check_plan_on_disk(const Plan& plan, const std::filesystem::path& directory);

}  // namespace bench
