#include "result/statistics.h"

#include <doctest/doctest.h>

#include <vector>

#include "result/metrics.h"

namespace bench {
namespace {

TEST_CASE("mean and sample standard deviation") {
  const std::vector<double> values{2, 4, 4, 4, 5, 5, 7, 9};
  const auto s = mean_stddev(values);
  CHECK(s.count == 8);
  CHECK(s.mean == doctest::Approx(5.0));
  CHECK(s.stddev == doctest::Approx(2.138089935));  // sqrt(32 / 7)
  CHECK(mean_stddev(std::vector<double>{}).count == 0);
  const auto one = mean_stddev(std::vector<double>{3.5});
  CHECK(one.mean == doctest::Approx(3.5));
  CHECK(one.stddev == 0.0);
  const auto large = mean_stddev(std::vector<double>{1e9 + 1, 1e9 + 2, 1e9 + 3});
  CHECK(large.stddev == doctest::Approx(1.0));
}

TEST_CASE("derived metrics of a phase result") {
  PhaseResult block;
  block.bonnie_test = PhaseId::kBlockWrite;
  block.bytes = 4u << 20;
  block.operations = 512;
  block.elapsed = std::chrono::seconds(2);
  block.cpu = std::chrono::milliseconds(500);
  CHECK(*rate_per_second(block) == doctest::Approx(2.0 * 1024 * 1024));
  CHECK(*cpu_percent(block) == doctest::Approx(25.0));
  CHECK_FALSE(too_fast(block));
  PhaseResult files;
  files.bonnie_test = PhaseId::kSeqCreate;
  files.operations = 1024;
  files.elapsed = std::chrono::milliseconds(400);
  CHECK(*rate_per_second(files) == doctest::Approx(2560.0));
  CHECK(too_fast(files));
  PhaseResult not_run;
  CHECK_FALSE(rate_per_second(not_run).has_value());
  CHECK_FALSE(cpu_percent(not_run).has_value());
}

TEST_CASE("phase keys are unique and round-trip") {
  for (const PhaseId id : kAllPhaseIds) {
    CHECK(phase_from_key(phase_key(id)) == id);
    CHECK_FALSE(phase_title(id).empty());
  }
  CHECK_FALSE(phase_from_key("no_such_test").has_value());
}

}  // namespace
}  // namespace bench
