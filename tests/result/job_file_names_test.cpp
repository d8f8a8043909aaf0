// A job's own files' names as fio 3.33 makes them (init.c make_filename) and which of numjobs' files fio drops
// (filesetup.c add_file); each expected name is what fio 3.33 itself laid out for the same format.
#include <doctest/doctest.h>

#include <string>

#include "result/job_file_names.h"

namespace bench {
namespace {

WorkloadSpec workload(const std::string& name, const std::string& format, std::uint32_t jobs, std::uint32_t files) {
  WorkloadSpec spec;
  spec.name = name;
  spec.filename_format = format;
  spec.jobs = jobs;
  spec.nrfiles = files;
  return spec;
}

TEST_CASE("filename_format: fio's default is $jobname.$jobnum.$filenum") {
  CHECK(expand_filename_format("", "seq", 2, 7) == "seq.2.7");
  CHECK(own_file_name(workload("seq", "", 3, 8), 2, 7) == "seq.2.7");
  CHECK(expand_filename_format("$jobname.$jobnum.$filenum", "seq", 2, 7) == "seq.2.7");
}

TEST_CASE("filename_format: each keyword replaced wherever it stands, in any case, as often as written") {
  CHECK(expand_filename_format("file$jobnum", "job", 12, 0) == "file12");  // ZFS's performance jobs
  CHECK(expand_filename_format("shared.$FILENUM", "x", 1, 3) == "shared.3");
  CHECK(expand_filename_format("$JobName-$filenum-$jobnum-$filenum", "db", 4, 5) == "db-5-4-5");
  CHECK(expand_filename_format("$jobnum$jobnum", "a", 7, 0) == "77");
  CHECK(expand_filename_format("plain", "a", 1, 1) == "plain");  // no keyword: every job and file one name
}

TEST_CASE("filename_format: $clientuid is empty outside fio's network client mode") {
  CHECK(expand_filename_format("$clientuid.$jobname.$filenum", "w", 0, 1) == ".w.1");
}

TEST_CASE("filename_format: a job name holding a later keyword is expanded by it, as fio's order does") {
  CHECK(expand_filename_format("$jobname", "run$filenum", 0, 4) == "run4");
  // Its own keyword stays as it is (fio would search it again forever).
  CHECK(expand_filename_format("$jobname.$jobnum", "x$jobname", 1, 0) == "x$jobname.1");
}

TEST_CASE("filename_format: fio gives a later job of numjobs no file the first job has") {
  CHECK_FALSE(fio_dropped_file(workload("w", "", 4, 2)).has_value());
  CHECK_FALSE(fio_dropped_file(workload("w", "file$jobnum", 4, 1)).has_value());
  CHECK_FALSE(fio_dropped_file(workload("w", "shared.$filenum", 1, 3)).has_value());  // one job: nothing dropped
  const std::optional<DroppedFile> shared = fio_dropped_file(workload("w", "shared.$filenum", 2, 2));
  REQUIRE(shared.has_value());
  CHECK(shared->job == 1);
  CHECK(shared->file == 0);
  CHECK(shared->name == "shared.0");
  // ZFS's random_readwrite: nrfiles=16 of "file$jobnum": job 1's 16 names are one, which job 0 lacks, so none is
  // dropped, but job 0 has all 16 under one name.
  CHECK_FALSE(fio_dropped_file(workload("w", "file$jobnum", 2, 16)).has_value());
  // With directory=a:b the jobs' names differ by their directory (fio compares the names with it).
  WorkloadSpec spread = workload("w", "f.$filenum", 2, 1);
  spread.directory = "a:b";
  CHECK_FALSE(fio_dropped_file(spread).has_value());
  spread.directory = "a";
  CHECK(fio_dropped_file(spread).has_value());
  // filename= names the files: the format names none.
  WorkloadSpec named = workload("w", "f", 3, 1);
  named.filename = "data";
  CHECK_FALSE(fio_dropped_file(named).has_value());
}

}  // namespace
}  // namespace bench
