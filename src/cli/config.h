#pragma once
// The validated configuration of one bench++ invocation. Plain data: produced by cli/options.h, read by
// main and the runner. Nothing here depends on Boost.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "result/run_result.h"
#include "result/test_spec.h"

namespace bench {

struct Config {
  std::filesystem::path directory = ".";  // -d: bench++ creates its private directory inside it
  std::optional<IoSpec> io = IoSpec{};    // nullopt with -s 0
  std::optional<FileSpec> files = FileSpec{};  // nullopt with -n 0
  std::string machine_name;               // -m (default: the host name)
  std::string label;                      // --label (default: the machine name)
  std::uint32_t repeats = 1;              // -x
  bool repeats_given = false;             // -x was given: CSV only, with a header line
  bool quiet = false;                     // -q
  bool fsync_each = false;                // -b
  bool direct_io = false;                 // -D
  std::uint32_t seed = 0;                 // -z, or a random one
  std::uint32_t concurrency = 1;          // -c
  CacheMode cache = CacheMode::kDrop;     // --cache
  DataPattern data = DataPattern::kRandom;  // --data
  std::optional<std::string> user;        // -u user (name or number)
  std::optional<std::string> group;       // -u :group or -g group
  bool sync_test = true;                  // the fsync latency test; --no-sync-test turns it off
  SyncTestSpec sync_test_spec;            // its sizes (--sync-size)
  bool verify = false;                    // --verify: read phases check each block against the pattern
  std::optional<std::string> csv_path;    // --csv FILE ("-" is stdout): the spreadsheet CSV
  std::optional<std::string> json_path;   // --json FILE ("-" is stdout)
  std::vector<std::string> warnings;      // things main prints to stderr before running
};

// What the command line asks for.
enum class Action { kRun, kHelp, kVersion, kDetect };

struct ParsedCommandLine {
  Action action = Action::kRun;
  Config config;
  std::string help_text;  // filled for kHelp
};

}  // namespace bench
