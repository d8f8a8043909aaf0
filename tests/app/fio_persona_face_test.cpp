// fio's persona as the tools that run `fio` see the command itself, end to end through a link named fio (and
// `bench++ fio`): --version, exit statuses and messages, a quiet stderr, fio's normal output as the default, --output,
// the order of several formats, --cmdhelp, and the link the install puts in a directory of its own. Where fio 3.33
// is installed, its answer to the same command is the reference.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli/fio_persona.h"
#include "test_support.h"

namespace bench {
namespace {

namespace fs = std::filesystem;
using test::contains;

// A directory holding a link named fio to the bench++ under test: the persona as a tool finds it on PATH.
struct FioLink {
  test::TempDir dir;
  fs::path fio = dir.path() / "fio";
  FioLink() { fs::create_symlink(BENCH_BINARY, fio); }
  test::CommandOutput run(const std::vector<std::string>& args) const {
    return test::run_program(test::with({fio.string()}, args));
  }
};

bool real_fio_installed() {
  return test::tool_installed("fio") && test::run_program({"fio", "--version"}).out == "fio-3.33\n";
}

// Where each of fio's formats starts in `out`: the terse line, the JSON document, the normal output's group line.
std::vector<std::size_t> format_places(const std::string& out) {
  return {out.find("\n3;") == std::string::npos ? out.find("3;") : out.find("\n3;") + 1, out.find("\n{\n") + 1,
          out.find("Run status group 0")};
}

// A small job of fio's command line in `dir`.
std::vector<std::string> small_job(const fs::path& dir) {
  return {"--directory=" + dir.string(), "--name=face", "--rw=write", "--size=64k", "--bs=4k"};
}

}  // namespace

TEST_CASE("fio persona face: `fio --version` and `bench++ fio --version` print the version line alone") {
  const FioLink link;
  for (const auto& r : {link.run({"--version"}), test::run_bench({"fio", "--version"})}) {
    CHECK(r.exit_code == 0);
    CHECK(r.out == fio_persona_version_line() + "\n");
    CHECK(r.err.empty());
  }
  // bench++'s own --version is unchanged.
  CHECK(test::run_bench({"--version"}).out.starts_with("bench++ "));
}

TEST_CASE("fio persona face: fio 3.33's exit statuses, a line naming the failure on stderr starting \"fio: \"") {
  const FioLink link;
  const test::TempDir dir;
  struct Case {
    const char* what;
    std::vector<std::string> args;
    int fio_status;  // fio 3.33's, measured here with the same command
  };
  const std::vector<Case> cases = {
      {"an unknown option", {"--no-such-option"}, 1},
      {"a bad value", test::with(small_job(dir.path()), {"--rw=sideways"}), 1},
      {"a missing job file", {(dir.path() / "missing.fio").string()}, 1},
      {"a bad --output-format", test::with(small_job(dir.path()), {"--output-format=xml"}), 1},
  };
  const bool reference = real_fio_installed();
  for (const Case& c : cases) {
    CAPTURE(c.what);
    const auto r = link.run(c.args);
    CHECK(r.exit_code == c.fio_status);
    CHECK(r.out.empty());
    CHECK(r.err.starts_with("fio: "));
    CHECK(test::count_of(r.err, "\n") == 1);
    if (reference) CHECK(test::run_program(test::with({"fio"}, c.args)).exit_code == c.fio_status);
    // bench++ job keeps its own: 2 for bad input, said as bench++.
    const auto job = test::run_bench(test::with({"job"}, c.args));
    CHECK(job.exit_code == 2);
    CHECK(job.err.starts_with("bench++: "));
  }
}

TEST_CASE("fio persona face: failed jobs exit with their number, as fio 3.33, each named in a line on stderr") {
  const FioLink link;
  const test::TempDir dir;
  const fs::path zeros = dir.path() / "zeros";
  std::ofstream(zeros) << std::string(256 << 10, '\0');
  // Two jobs that read a file of zeros with verify=crc32c: each fails its verify.
  std::vector<std::string> args;
  for (const char* name : {"a", "b"}) {
    for (const std::string& word : {"--name=" + std::string(name), std::string("--rw=read"), "--filename=" + zeros.string(),
                                    std::string("--size=64k"), std::string("--verify=crc32c")}) {
      args.push_back(word);
    }
  }
  const auto r = link.run(args);
  CHECK(r.exit_code == 2);
  CHECK(test::count_of(r.err, "fio: workload '") == 2);
  CHECK(test::lines_of(r.err).size() == 2);
  if (real_fio_installed()) CHECK(test::run_program(test::with({"fio"}, args)).exit_code == 2);
  CHECK(test::run_bench(test::with({"job"}, args)).exit_code == 1);  // bench++ job: 1 for any failed job
}

TEST_CASE("fio persona face: stderr stays empty and stdout carries fio's normal output by default") {
  const FioLink link;
  const test::TempDir dir;
  const auto r = link.run(small_job(dir.path()));
  REQUIRE_MESSAGE(r.exit_code == 0, r.err);
  // kubestr, pkg/fio/fio.go runFIOCommand: `if err != nil || stderr != ""` fails the run ("stderr when running FIO").
  CHECK(r.err.empty());
  CHECK(contains(r.out, "Run status group 0 (all jobs):"));
  CHECK(contains(r.out, "IOPS="));  // `grep 'IOPS='`, as scripts read fio's normal output
  CHECK_FALSE(contains(r.out, "Running"));
  CHECK_FALSE(contains(r.out, "workload "));  // bench++'s table's heading
  // bench++ job keeps its table on stdout and its progress on stderr.
  const auto job = test::run_bench(test::with({"job"}, small_job(dir.path())));
  REQUIRE(job.exit_code == 0);
  CHECK(contains(job.err, "Running face...done"));
  CHECK_FALSE(contains(job.out, "Run status group"));
}

TEST_CASE("fio persona face: with --output FILE nothing reaches stdout or stderr, the file has fio's output") {
  const FioLink link;
  const test::TempDir dir;
  const fs::path out = dir.path() / "result.txt";
  const auto r = link.run(test::with(small_job(dir.path()), {"--output=" + out.string()}));
  REQUIRE_MESSAGE(r.exit_code == 0, r.err);
  CHECK(r.out.empty());
  CHECK(r.err.empty());
  CHECK(contains(test::read_file(out), "Run status group 0 (all jobs):"));
}

TEST_CASE("fio persona face: several formats come in fio 3.33's order, terse, json, normal, whatever the list's") {
  const FioLink link;
  const test::TempDir dir;
  for (const char* formats : {"normal,json,terse", "json,terse,normal", "terse,normal,json"}) {
    CAPTURE(formats);
    const std::vector<std::string> args = test::with(small_job(dir.path()), {std::string("--output-format=") + formats});
    const auto r = link.run(args);
    REQUIRE_MESSAGE(r.exit_code == 0, r.err);
    CHECK(r.err.empty());
    const std::vector<std::size_t> places = format_places(r.out);
    for (const std::size_t place : places) REQUIRE(place != std::string::npos);
    CHECK(places[0] < places[1]);
    CHECK(places[1] < places[2]);
    if (real_fio_installed()) {
      const test::TempDir fio_dir;
      const auto fio = test::run_program(test::with({"fio"}, test::with(small_job(fio_dir.path()),
                                                                        {std::string("--output-format=") + formats})));
      const std::vector<std::size_t> fio_places = format_places(fio.out);
      CHECK(fio_places[0] < fio_places[1]);
      CHECK(fio_places[1] < fio_places[2]);
    }
  }
}

TEST_CASE("fio persona face: kubestr's call reads JSON from stdout and nothing from stderr") {
  const FioLink link;
  const test::TempDir dir;
  const fs::path job = dir.path() / "default.fio";
  std::ofstream(job) << "[global]\nsize=256k\nbs=4k\n[read_iops]\nrw=randread\n";
  // kubestr, pkg/fio/fio.go runFIOCommand: {"fio", "--directory", VolumeMountPath, jobFilePath, "--output-format=json"}
  const auto r = link.run({"--directory", dir.path().string(), job.string(), "--output-format=json"});
  REQUIRE_MESSAGE(r.exit_code == 0, r.err);
  CHECK(r.err.empty());
  const nlohmann::json report = nlohmann::json::parse(r.out);
  CHECK(report.at("jobs").size() == 1);
}

TEST_CASE("fio persona face: --cmdhelp and --help through the link, as blktests and fio's users call them") {
  const FioLink link;
  // blktests, common/fio _have_fio_zbd_zonemode: `fio --cmdhelp=zonemode 2>&1 | grep -q zbd`.
  const auto zonemode = link.run({"--cmdhelp=zonemode"});
  CHECK(zonemode.exit_code == 0);  // fio 3.33 too
  CHECK(zonemode.err.empty());
  CHECK(contains(zonemode.out, "zonemode: "));  // bench++ runs zonemode=strided...
  CHECK_FALSE(contains(zonemode.out + zonemode.err, "zbd"));  // ...not zbd, so blktests skips its zoned tests
  const auto bs = link.run({"--cmdhelp=bs"});
  CHECK(bs.exit_code == 0);
  CHECK(bs.out.starts_with("                  bs: "));
  const auto help = link.run({"--help"});
  CHECK(help.exit_code == 0);
  CHECK(help.out == fio_persona_usage());
  CHECK(test::run_bench({"job", "--help"}).out.starts_with("usage: bench++ job"));
}

TEST_CASE("fio persona face: cmake --install puts a link named fio in lib/bench++/fio, to the installed bench++") {
  test::TempDir stage;
  const auto r = test::run_program({"env", "DESTDIR=" + stage.path().string(), "cmake", "--install", BENCH_BUILD_DIR,
                                    "--prefix", "/usr"});
  REQUIRE(r.exit_code == 0);
  const fs::path link = stage.path() / "usr/lib/bench++/fio/fio";
  REQUIRE(fs::is_symlink(link));
  CHECK(fs::read_symlink(link) == "../../../bin/bench++");  // relative: right wherever the tree is unpacked
  CHECK(fs::equivalent(link, stage.path() / "usr/bin/bench++"));
  CHECK(fs::directory_iterator(link.parent_path()) != fs::directory_iterator());
  std::size_t entries = 0;
  for ([[maybe_unused]] const auto& entry : fs::directory_iterator(link.parent_path())) ++entries;
  CHECK(entries == 1);  // a directory of its own: PATH=/usr/lib/bench++/fio:$PATH adds fio and nothing else
  // The opt-in as the man page gives it, with the staged tree as /usr.
  const auto version = test::run_program(
      {"env", "PATH=" + link.parent_path().string() + ":/usr/bin:/bin", "sh", "-c", "fio --version"});
  CHECK(version.out == fio_persona_version_line() + "\n");
}

}  // namespace bench

namespace bench {
namespace {

// The version strings a run with fio's three formats on standard output carries: the terse line's second field,
// the JSON's "fio version" and the normal output's version line (a line of its own; fio prints its header before
// the other formats, bench++ with the normal output's report, after them).
std::vector<std::string> versions_in(const std::string& out) {
  std::vector<std::string> versions;
  const std::size_t terse = out.rfind("3;", 0) == 0 ? 0 : out.find("\n3;") + 1;  // a line of its own
  versions.push_back(out.substr(terse + 2, out.find(';', terse + 2) - terse - 2));
  const std::size_t json_start = out.find("\n{\n") + 1;
  const std::size_t json_end = out.find("\n}\n", json_start) + 2;
  versions.push_back(nlohmann::json::parse(out.substr(json_start, json_end - json_start)).value("fio version", ""));
  for (const std::string& line : test::lines_of(out)) {
    if (line.rfind("fio-", 0) == 0) versions.push_back(line);
  }
  return versions;
}

}  // namespace

TEST_CASE("fio persona face: one version string in --version, the terse line, the JSON and the normal header") {
  // fio 3.33 writes its one FIO_VERSION in all four places; so does the persona, with its own string.
  const FioLink link;
  const test::TempDir dir;
  const auto run = link.run(test::with(small_job(dir.path()), {"--output-format=terse,json,normal"}));
  REQUIRE(run.exit_code == 0);
  const std::string version = fio_persona_version_line();
  CHECK(versions_in(run.out) == std::vector<std::string>{version, version, version});
  if (!real_fio_installed()) return;  // the reference: fio does the same with its own string
  const test::TempDir fio_dir;
  const auto fio = test::run_program(test::with({"fio"}, test::with(small_job(fio_dir.path()),
                                                                   {"--output-format=terse,json,normal"})));
  CHECK(versions_in(fio.out) == std::vector<std::string>{"fio-3.33", "fio-3.33", "fio-3.33"});
}

}  // namespace bench
