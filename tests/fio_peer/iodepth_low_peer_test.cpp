// iodepth_low= beside fio 3.33's own: once a job's queue is full, fio reaps until no more than iodepth_low are in
// flight and only then fills it again (its io_u_queued_complete loop), so the depths its submissions reach (fio's
// "IO depths", the JSON's iodepth_level) run from iodepth_low + 1 to iodepth, where without it every submission
// after the first finds the queue one short of full. bench++ (as `bench++ job`) and fio run the same libaio job, and
// their depth distributions are compared share by share: with iodepth=16 and iodepth_low=4 each refill goes 5..16
// (fio: 25 % at 4-7, 66.6 % at 8-15, 8.3 % at 16), and 99.6 % at 16 without it.
#include <doctest/doctest.h>

#include <cmath>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "fio_peer/peer_tool_run.h"
#include "fio_run.h"
#include "test_support.h"

namespace bench {
namespace {

using Json = nlohmann::json;

// The job's iodepth_level shares as one tool reports them in fio's JSON.
Json depth_levels(bool ours, const std::vector<std::string>& options) {
  const test::TempDir dir;
  const test::CommandOutput run = test::run_tool_in_own_directory(ours, dir.path(), "json", options);
  INFO((ours ? "bench++" : "fio") << ": " << run.err);
  REQUIRE(run.exit_code == 0);
  return Json::parse(run.out).at("jobs").at(0).at("iodepth_level");
}

}  // namespace

TEST_CASE("fio peer: iodepth_low= lets the queue drain to it before the refill, the depths fio's submissions reach") {
  if (!test::fio_available()) return;
  for (const std::string low : {"4", "16"}) {
    CAPTURE(low);
    const std::vector<std::string> options = {"--name=low",        "--rw=randread",   "--bs=4k",
                                              "--size=8m",         "--ioengine=libaio", "--direct=1",
                                              "--iodepth=16",      "--iodepth_low=" + low};
    const Json fio = depth_levels(false, options);
    const Json ours = depth_levels(true, options);
    for (const auto& level : fio.items()) {  // each share within a point of fio's
      const double theirs = level.value().get<double>();
      const double mine = ours.at(level.key()).get<double>();
      CAPTURE(level.key());
      CAPTURE(theirs);
      CAPTURE(mine);
      CHECK(std::abs(mine - theirs) <= 1.0);
    }
    if (low == "4") {  // the refills' spread
      CHECK(std::abs(fio.at("4").get<double>() - 25.0) <= 2.0);
      CHECK(std::abs(fio.at("8").get<double>() - 66.6) <= 2.0);
      CHECK(fio.at("16").get<double>() < 20.0);
    } else {
      CHECK(fio.at("16").get<double>() > 95.0);  // without it: the queue kept full
    }
  }
}

}  // namespace bench
