// fio's $pagesize, $mb_memory and $ncpus in job files, and the arithmetic fio has bc work out when one is used
// (fio 3.33's options.c fio_keyword_replace and bc_calc): read as fio reads them, and run as fio runs them.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <unistd.h>

#include "cli/fio_job_file.h"
#include "cli/fio_keywords.h"
#include "fio_run.h"
#include "result/errors.h"
#include "test_support.h"

namespace bench {
namespace {

constexpr FioKeywordValues kBox{4096, 24000, 2};

TEST_CASE("fio keywords: replaced by the machine's figures, and worked out as bc does where one was") {
  CHECK(with_fio_keywords("bs=$pagesize", kBox) == "bs=4096");
  CHECK(with_fio_keywords("numjobs=$ncpus", kBox) == "numjobs=2");
  CHECK(with_fio_keywords("bs=$pagesize*2", kBox) == "bs=8192");
  CHECK(with_fio_keywords("size=$mb_memory/7", kBox) == "size=3428");  // bc's scale=0: integer division
  CHECK(with_fio_keywords("iodepth=2+3*$ncpus", kBox) == "iodepth=8");
  CHECK(with_fio_keywords("iodepth=(2+3)*$ncpus-1", kBox) == "iodepth=9");
  CHECK(with_fio_keywords("size=$pagesize $pagesize", kBox) == "size=4096 4096");  // no math: as replaced
  // Without a keyword fio does no arithmetic: ranges and lists stay as written.
  CHECK(with_fio_keywords("bsrange=4k-16k", kBox) == "bsrange=4k-16k");
  CHECK(with_fio_keywords("bssplit=4k/50:8k/50", kBox) == "bssplit=4k/50:8k/50");
  // bc fails on what is not arithmetic (a unit suffix), and so does fio's option.
  CHECK(test::error_of<UsageError>([] { with_fio_keywords("size=$pagesize*2k", kBox); })
            .starts_with("'4096*2k': fio works a value with $pagesize, $mb_memory or $ncpus out with bc"));
  CHECK(!test::error_of<UsageError>([] { with_fio_keywords("size=$ncpus/0", kBox); }).empty());
  // The machine's own figures.
  const FioKeywordValues machine = machine_keyword_values();
  CHECK(machine.page_size == static_cast<std::uint64_t>(sysconf(_SC_PAGESIZE)));
  CHECK(machine.cpus >= 1);
  CHECK(machine.mb_memory >= 1);
}

TEST_CASE("fio keywords: a job file's line gets them after ${NAME}, and its place names a failure") {
  JobFileReading reading;
  reading.keywords = kBox;
  reading.environment = [](const std::string&) { return std::optional<std::string>("2"); };
  const std::vector<WorkloadSpec> specs =
      read_fio_job_file("[a]\nsize=1m\nbs=$pagesize*${TIMES}\niodepth=$ncpus\n", "k.fio", reading);
  REQUIRE(specs.size() == 1);
  CHECK(specs[0].block_bytes == 8192);
  CHECK(specs[0].iodepth == 2);
  CHECK(test::error_of<UsageError>([&] { read_fio_job_file("[a]\nsize=$pagesize*1k\n", "k.fio", reading); })
            .starts_with("k.fio:2: '4096*1k'"));
}

TEST_CASE("fio keywords: bs=$pagesize*2 makes the requests fio's own makes (same count over 64 KiB)") {
  if (!test::fio_available()) return;
  const test::TempDir dir;
  std::ofstream(dir.path() / "k.fio") << "[k]\nfilename=k.dat\nsize=64k\nrw=read\nbs=$pagesize*2\n";
  const auto total_ios = [&](const std::vector<std::string>& command) {
    const test::CommandOutput run = test::run_program(command);
    INFO(run.err);
    REQUIRE(run.exit_code == 0);
    std::filesystem::remove(dir.path() / "k.dat");  // fio leaves its file; each run makes its own
    return nlohmann::json::parse(test::read_file(dir.path() / "out.json"))
        .at("jobs").at(0).at("read").at("total_ios").get<std::int64_t>();
  };
  const std::string out = "--output=" + (dir.path() / "out.json").string();
  const auto fio = total_ios({"env", "-C", dir.path().string(), "fio", "--output-format=json", out, "k.fio"});
  const auto bench = total_ios({"env", "-C", dir.path().string(), BENCH_BINARY, "job", "-q", "-d",
                                dir.path().string(), "--output-format=json", out, "k.fio"});
  CHECK(fio == 65536 / (2 * sysconf(_SC_PAGESIZE)));
  CHECK(bench == fio);
}

}  // namespace
}  // namespace bench
