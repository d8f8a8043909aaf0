// The man page's EXIT STATUS, held true for every command: each code it documents is read from man/bench++.1, and
// for each command (the bonnie++-style run, job, suite, compare) a case that must end with that code does.
#include <doctest/doctest.h>

#include <sys/stat.h>

#include <chrono>
#include <csignal>
#include <filesystem>
#include <map>
#include <set>
#include <thread>

#include "reliability/background_process.h"
#include "test_support.h"

namespace bench {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

// The codes of the man page's EXIT STATUS: the ".TP" entries that are a number.
std::set<int> documented_codes() {
  const std::string page = test::read_file(fs::path(BENCH_SOURCE_DIR) / "man" / "bench++.1");
  const auto start = page.find(".SH EXIT STATUS");
  const auto end = page.find(".SH ", start + 1);
  REQUIRE(start != std::string::npos);
  std::set<int> codes;
  const std::vector<std::string> lines = test::lines_of(page.substr(start, end - start));
  for (std::size_t i = 0; i + 1 < lines.size(); ++i) {
    if (lines[i] == ".TP" && !lines[i + 1].empty() &&
        lines[i + 1].find_first_not_of("0123456789") == std::string::npos) {
      codes.insert(std::stoi(lines[i + 1]));
    }
  }
  return codes;
}

// The exit status of bench++ with `args`, stopped by SIGINT once `started` holds (or after 300 ms without one).
int interrupted(const std::vector<std::string>& args, const std::function<bool()>& started) {
  test::BackgroundProcess bench(test::bench_command(args));
  if (started) {
    CHECK(bench.wait_until(started, 30s));
  } else {
    std::this_thread::sleep_for(300ms);
  }
  bench.send_signal(SIGINT);
  return bench.finish(30s).exit_code;
}

TEST_CASE("reliability: every exit status the man page documents is what each command exits with") {
  const std::set<int> codes = documented_codes();
  CHECK(codes == std::set<int>{0, 1, 2, 130});
  const test::TempDir dir;
  const test::TempDir files;
  const std::string d = dir.path().string();
  const auto run = [](const std::vector<std::string>& args) {
    CAPTURE(args);
    return test::run_bench(args).exit_code;
  };
  const fs::path fifo = files.path() / "fifo";
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  const auto busy = [&] { return !test::list_tree(dir.path()).empty(); };  // its private directory exists
  const std::string a = (files.path() / "a.csv").string(), b = (files.path() / "b.csv").string();

  std::map<std::string, std::map<int, std::function<int()>>> cases;
  cases["bench++"][0] = [&] { return run({"-d", d, "-s", "1m:4k", "-f", "-n", "0", "--no-sync-test", "-r", "0", "-q"}); };
  cases["bench++"][1] = [&] { return run({"-d", d, "-s", "16000000t", "-n", "0", "-r", "0"}); };
  cases["bench++"][2] = [&] { return run({"-d", d, "-c", "0"}); };
  cases["bench++"][130] = [&] { return interrupted({"-d", d, "-s", "256m:4k", "-n", "0", "-r", "0"}, busy); };
  cases["job"][0] = [&] { return run({"job", "-d", d, "-q", "--name=x", "--size=256k"}); };
  cases["job"][1] = [&] { return run({"job", "-d", d, "--name=x", "--size=16p"}); };
  cases["job"][2] = [&] { return run({"job", "-d", d, "--name=x", "--size=1m", "--bs=0"}); };
  cases["job"][130] = [&] { return interrupted({"job", "-d", d, fifo.string()}, nullptr); };
  cases["suite"][0] = [&] { return run({"suite", "tart", "-d", d, "-q", "--scale", "0.0001", "-x", "1"}); };
  cases["suite"][1] = [&] { return run({"suite", "tart", "-d", d, "--scale", "1000"}); };
  cases["suite"][2] = [&] { return run({"suite", "nosuch", "-d", d}); };
  cases["suite"][130] = [&] { return interrupted({"suite", "tart", "-d", d, "--scale", "0.5"}, busy); };
  cases["compare"][0] = [&] {
    REQUIRE(run({"job", "-d", d, "-q", "--name=x", "--size=256k", "--csv", a, "--label", "a"}) == 0);
    REQUIRE(run({"job", "-d", d, "-q", "--name=x", "--size=256k", "--csv", b, "--label", "b"}) == 0);
    return run({"compare", a, b});
  };
  const std::string missing = (files.path() / "missing.csv").string();
  cases["compare"][1] = [&] { return run({"compare", missing, missing}); };
  cases["compare"][2] = [&] { return run({"compare"}); };
  cases["compare"][130] = [&] { return interrupted({"compare", fifo.string(), fifo.string()}, nullptr); };
  // Named variables, not a structured binding: clang 14 cannot capture one in CAPTURE's lambda.
  for (const auto& command_cases : cases) {
    const std::string& command = command_cases.first;
    const auto& by_code = command_cases.second;
    for (const int code : codes) {
      CAPTURE(command);
      CAPTURE(code);
      REQUIRE(by_code.contains(code));
      CHECK(by_code.at(code)() == code);
      CHECK(test::list_tree(dir.path()).empty());
    }
  }
}

}  // namespace
}  // namespace bench
