#pragma once
// Running the installed fio 3.33 from the tests that compare bench++'s libraries with fio itself (offsets,
// buffer contents, verify headers): fio's own output is the reference, recorded afresh on every run.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "test_support.h"

namespace bench::test {

// One request of fio's --write_iolog (format version 3): "TIME FILE ACTION OFFSET LENGTH".
struct FioLoggedRequest {
  std::string action;  // read, write, trim
  std::uint64_t offset = 0;
  std::uint32_t length = 0;
};

// Whether fio is there; when it is not, says the skip (test::skip_unless, a kTool: test.sh installs fio) and
// returns false.
bool fio_available();

// One job's command line run under fio 3.33 and under the fio persona (`bench++ fio`), each in a fresh directory
// of its own (--directory=), their outputs kept; the directories are gone when it returns.
struct BesideFio {
  CommandOutput fio;
  CommandOutput persona;
  // Both stdouts, labelled, for a failing check's message.
  std::string both_outputs() const;
};
// REQUIRES fio_available(). Fails the test (REQUIRE) unless both exit 0, with the failing one's stderr.
BesideFio run_beside_fio(const std::vector<std::string>& job);

// Runs fio with `args` (each passed as it is) in `dir`, with --output=/dev/null; FAILs the test (and returns
// false) when fio exits non-zero, with its stderr in the message.
bool run_fio(const std::filesystem::path& dir, const std::vector<std::string>& args);

// The requests of an iolog file written by --write_iolog, in order.
std::vector<FioLoggedRequest> read_fio_iolog(const std::filesystem::path& log);

// fio's requests of one job on the null engine (no file is created or touched): `options` are fio's, e.g.
// {"--rw=randread", "--bs=4k", "--size=1M"}; the job is named "job" on file dir/"file".
std::vector<FioLoggedRequest> fio_null_requests(const std::filesystem::path& dir,
                                                const std::vector<std::string>& options);

// The pieces of a terminal's output `text` between one '\r' or '\n' and the next, in order, empty ones included
// (fio's ETA line rewrites itself after a '\r'); the last piece is the text after the last end.
std::vector<std::string> terminal_pieces(const std::string& text);

// The top-level JSON objects of `text`, one after another, each as its text (fio's documents as --status-interval
// writes them, then the final one).
std::vector<std::string> json_object_texts(const std::string& text);

}  // namespace bench::test
