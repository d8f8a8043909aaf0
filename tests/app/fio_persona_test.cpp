// fio's persona: bench++ invoked under the name `fio`, or as `bench++ fio`, takes fio's command line.
#include <doctest/doctest.h>

#include <filesystem>

#include <nlohmann/json.hpp>

#include "app/cli_app.h"
#include "test_support.h"

namespace bench {
namespace {

TEST_CASE("fio persona: the program's last path component names it, nothing else does") {
  CHECK(is_fio_persona_name("fio"));
  CHECK(is_fio_persona_name("/usr/lib/bench++/fio/fio"));
  CHECK(is_fio_persona_name("./fio"));
  CHECK_FALSE(is_fio_persona_name("bench++"));
  CHECK_FALSE(is_fio_persona_name("/usr/bin/bench++"));
  CHECK_FALSE(is_fio_persona_name("fio/bench++"));
  CHECK_FALSE(is_fio_persona_name("fio3"));
  CHECK_FALSE(is_fio_persona_name(""));
}

// The same job through a link named fio and through `bench++ fio`: both run it and write fio's JSON.
TEST_CASE("fio persona: a link named fio and `bench++ fio` both run a job from fio's command line") {
  test::TempDir links;
  const std::filesystem::path fio = links.path() / "fio";
  std::filesystem::create_symlink(BENCH_BINARY, fio);
  for (const bool through_link : {true, false}) {
    CAPTURE(through_link);
    test::TempDir dir;
    const std::vector<std::string> job = {"--directory=" + dir.path().string(), "--name=persona", "--rw=write",
                                          "--size=256k", "--bs=4k", "--output-format=json"};
    const auto r = through_link ? test::run_program(test::with({fio.string()}, job))
                                : test::run_bench(test::with({"fio"}, job));
    REQUIRE_MESSAGE(r.exit_code == 0, r.err);
    const nlohmann::json report = nlohmann::json::parse(r.out);
    REQUIRE(report.at("jobs").size() == 1);
    CHECK(report["jobs"][0]["jobname"] == "persona");
    CHECK(report["jobs"][0]["write"]["io_bytes"] == 256 * 1024);
  }
}

}  // namespace
}  // namespace bench
