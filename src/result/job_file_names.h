#pragma once
// The files of a workload's jobs as fio 3.33 names them: how many each job has, the names of its own files and the
// directory that holds them. Facts of the spec alone, which the command line checks options by
// (cli/fio_workload_checks.cpp), the planner lays the files out by (phases/workload/workload_files.h) and the plan's
// printout counts (report/text/plan_text.cpp). Pure.
#include <cstdint>
#include <string>

#include "result/workload_spec.h"

namespace bench {

// The files a job has: the names of filename= (fio's list, "a:b"), else nrfiles of its own.
std::uint32_t files_per_job(const WorkloadSpec& spec);

// fio's name of file `file` of job `job` without filename=: "<workload>.<job>.<file>".
std::string own_file_name(const WorkloadSpec& spec, std::uint32_t job, std::uint32_t file);

// The directory of directory= (fio's list, "a:b") that holds job `job`'s own files: fio spreads jobs over the
// directories in turn (job modulo their number); the files of filename= are in the first. "" without directory=.
std::string directory_of_job(const WorkloadSpec& spec, std::uint32_t job);

}  // namespace bench
