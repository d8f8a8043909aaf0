#pragma once
// What a run is asked to do, described once: cli/ makes it (Config::setup), the phases run it
// (PhaseContext::setup) and every result records it (RunInfo::setup), so that what ran and what the outputs say
// cannot disagree. result/run_fields.h lists its fields for the writers, the readers and compare. Plain values
// in bytes and counts; the test specs are in result/test_spec.h.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "result/test_spec.h"
#include "result/workload_spec.h"

namespace bench {

enum class CacheMode { kDrop, kKeep };
enum class DataPattern { kRandom, kZero };

// Whose rules the workloads' files follow (phases/workload/workload_files.h says both). kBench: bench++ job's and
// suite's, which never destroy what bench++ did not create (a private directory, everything removed at the end, a
// file it did not create only read). kFio: fio 3.33's, for fio's persona (cli/config.h Persona::kFio): the files in
// directory= itself, kept unless unlink=1, reused when large enough, and a filename= written as given.
enum class FileRules { kBench, kFio };

// A default RunSetup runs no test: the command line (cli/bonnie_command_line.h) fills in bench++'s defaults.
struct RunSetup {
  std::optional<IoSpec> io;         // -s, -f, --seek-writes; nullopt: no I/O tests (-s 0)
  // How io's file size was chosen when -s was absent (result/default_file_size.h choose_default_file_size, e.g.
  // "the larger of 1 GiB and RAM/8 (RAM 23.5 GiB) as the page cache is dropped before each read"); "" with -s.
  std::string file_size_choice;
  std::optional<FileSpec> files;    // -n; nullopt: no file tests (-n 0)
  // --sync-size; nullopt: no fsync latency test (--no-sync-test). Not among the recorded fields (the outputs
  // have never carried it), so a run read back from a file has none.
  std::optional<SyncTestSpec> sync_test;
  std::uint32_t concurrency = 1;            // -c: workers per rank
  std::uint32_t seed = 0;                   // -z, else a random one
  CacheMode cache = CacheMode::kDrop;       // --cache: drop the test file's pages before each read test
  DataPattern data = DataPattern::kRandom;  // --data
  bool direct_io = false;                   // -D: O_DIRECT for the I/O tests (but per-char)
  bool fsync_each = false;                  // -b: fsync after each seek write-back and each created/removed file
  bool verify = false;                      // --verify: the read tests check every block read (CPU time included)
  // bench++ job and suite: the workloads, in order (the bonnie++-style tests then do not run); empty otherwise.
  std::vector<WorkloadSpec> workloads;
  std::string suite;  // bench++ suite NAME: which one (its tables are printed for it); empty otherwise
  // The workloads' file rules, from the persona (cli/workload_command_line.cpp). Not among the recorded fields:
  // where the files were and whether they stay, not what was measured.
  FileRules file_rules = FileRules::kBench;
  // fio's persona: a stop signal fio catches (run/interrupt.h reports_run_after) ends the jobs as runtime= would,
  // the later groups never start, and the run is reported (RunResult::stop_signal), as fio 3.33's sig_int does.
  // false: a stop signal ends the run without results. Not among the recorded fields, as file_rules.
  bool reports_stopped_run = false;
};

}  // namespace bench
