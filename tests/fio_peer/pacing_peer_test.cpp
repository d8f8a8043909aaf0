// Pacing beside fio 3.33: the same job under fio and under fio's persona (`bench++ fio`, each job a process of its
// own, or a thread with --thread), compared on what the pacing decides and not on the disk's speed: a thinktime job
// whose stalls set its rate (an upper bound both must keep, and a rate that agrees within a loaded machine's noise),
// and fio's flows, whose jobs keep their requests in the ratio of their weights however fast each runs.
#include <doctest/doctest.h>

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "fio_run.h"
#include "test_support.h"

namespace bench {
namespace {

using Json = nlohmann::json;

// The "jobs" of one tool's JSON document, by their order.
Json jobs_of(const test::CommandOutput& output) {
  const Json document = Json::parse(output.out);
  return document.at("jobs");
}

// Two jobs in one flow, of weights 1 and 3, reading at random for two seconds, each held back 100 us at a time
// while ahead: three requests of the heavier to each of the lighter, as fio keeps them (seen: 2.999).
std::vector<std::string> flow_job(bool threads) {
  std::vector<std::string> job = {"--output-format=json", "--rw=randread", "--bs=4k",         "--size=8m",
                                  "--time_based",         "--runtime=2",   "--flow_sleep=100", "--name=light",
                                  "--flow=1",             "--name=heavy",  "--flow=3"};
  if (threads) job.insert(job.begin(), "--thread");
  return job;
}

// The heavier job's requests per request of the lighter one.
double flow_ratio(const Json& jobs) {
  REQUIRE(jobs.size() == 2);
  const auto light = jobs[0]["read"]["total_ios"].get<double>();
  const auto heavy = jobs[1]["read"]["total_ios"].get<double>();
  REQUIRE(light > 0);
  return heavy / light;
}

}  // namespace

TEST_CASE("pacing peer: thinktime=5ms every 4 requests bounds the rate under both tools, which agree on it") {
  if (!test::fio_available()) return;
  // 128 requests of a file's first 512 KiB, a 5 ms stall after every 4 completed (the last one's inside the job's
  // time, in both): 32 stalls, 160 ms, so at most 800 requests a second whatever the disk.
  const std::vector<std::string> job = {"--output-format=json", "--name=think", "--rw=read",
                                        "--bs=4k",              "--size=512k",  "--thinktime=5ms",
                                        "--thinktime_blocks=4"};
  const test::BesideFio outputs = test::run_beside_fio(job);
  const Json fio = jobs_of(outputs.fio);
  const Json ours = jobs_of(outputs.persona);
  INFO("fio: " << fio.dump());
  INFO("persona: " << ours.dump());
  REQUIRE(fio.size() == 1);
  REQUIRE(ours.size() == 1);
  CHECK(fio[0]["read"]["total_ios"] == 128);
  CHECK(ours[0]["read"]["total_ios"] == 128);
  const auto fio_iops = fio[0]["read"]["iops"].get<double>();
  const auto our_iops = ours[0]["read"]["iops"].get<double>();
  CHECK(fio_iops <= 800 * 1.01);
  CHECK(our_iops <= 800 * 1.01);
  CHECK(our_iops >= 800 * 0.25);  // the stalls, not the machine, set it (oversleeping a loaded CPU aside)
  CHECK(our_iops == doctest::Approx(fio_iops).epsilon(0.4));
  // The job's time covers the 32 stalls, in both.
  CHECK(fio[0]["job_runtime"].get<std::int64_t>() >= 160);
  CHECK(ours[0]["job_runtime"].get<std::int64_t>() >= 160);
}

TEST_CASE("pacing peer: jobs of flow=1 and flow=3 make their requests 1 to 3 under both tools, as processes or as threads") {
  if (!test::fio_available()) return;
  for (const bool threads : {false, true}) {
    CAPTURE(threads);
    const test::BesideFio outputs = test::run_beside_fio(flow_job(threads));
    const double fio = flow_ratio(jobs_of(outputs.fio));
    const double ours = flow_ratio(jobs_of(outputs.persona));
    CHECK(fio == doctest::Approx(3).epsilon(0.15));
    CHECK(ours == doctest::Approx(3).epsilon(0.15));
    CHECK(ours == doctest::Approx(fio).epsilon(0.15));
  }
}

}  // namespace bench
