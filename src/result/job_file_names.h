#pragma once
// The files of a workload's jobs as fio 3.33 names them: how many each job has, the names of its own files and the
// directory that holds them. Facts of the spec alone, which the command line checks options by
// (cli/fio_workload_checks.cpp), the planner lays the files out by (phases/workload/workload_files.h) and the plan's
// printout counts (report/text/plan_text.cpp). Pure.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "result/workload_spec.h"

namespace bench {

// The files a job has: the names of filename= (fio's list, "a:b"), else nrfiles of its own.
std::uint32_t files_per_job(const WorkloadSpec& spec);

// fio 3.33's filename_format= expanded (its init.c make_filename): each keyword, in the order $jobname, $jobnum,
// $filenum, $clientuid and in any case ($FILENUM too), replaced wherever it stands by the job's name, the job's number
// among numjobs, the file's number among the job's, and the client's address, which is empty outside fio's network
// client mode (bench++ has none). A value holding a keyword is expanded by the later keywords, as in fio; one holding
// its own keyword is left as it is (fio would loop forever). An empty format is fio's "$jobname.$jobnum.$filenum".
std::string expand_filename_format(std::string_view format, std::string_view job_name, std::uint32_t job,
                                   std::uint32_t file);

// fio's name of file `file` of job `job` without filename=: filename_format= expanded, by default
// "<workload>.<job>.<file>".
std::string own_file_name(const WorkloadSpec& spec, std::uint32_t job, std::uint32_t file);

// fio 3.33's rule for the files of numjobs' clones (filesetup.c add_file): a job after the first (job >= 1) does not
// take a file whose name the workload's first job has (fio gives the clone no such file; with none left, the clone
// does no I/O). The first (job, file) of the workload whose name fio would drop, nullopt when every job has every
// file (always for numjobs=1 or without filename_format=, whose names always differ). Pure.
struct DroppedFile {
  std::uint32_t job = 0;
  std::uint32_t file = 0;
  std::string name;
};
std::optional<DroppedFile> fio_dropped_file(const WorkloadSpec& spec);

// The directory of directory= (fio's list, "a:b") that holds job `job`'s own files: fio spreads jobs over the
// directories in turn (job modulo their number); the files of filename= are in the first. "" without directory=.
std::string directory_of_job(const WorkloadSpec& spec, std::uint32_t job);

}  // namespace bench
