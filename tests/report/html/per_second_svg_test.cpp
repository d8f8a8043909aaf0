#include <doctest/doctest.h>

#include "report/html/per_second_svg.h"
#include "report/text/latency_table.h"
#include "test_support.h"

namespace bench {
namespace {
const std::vector<double>& one_second() {
  static const std::vector<double> one = {10};
  return one;
}
}  // namespace

TEST_CASE("per-second chart: a line per series with two seconds or more, its name escaped, none without") {
  const std::vector<double> three = {100, 50, 75};
  const std::vector<double> one = {10};
  const std::string figure = per_second_figure({{"host <1>", &three}, {"short", &one}});
  CHECK(test::count_of(figure, "<polyline") == 1);
  CHECK(test::contains(figure, "host &lt;1&gt;"));
  CHECK(!test::contains(figure, "short"));
  CHECK(test::contains(figure, "100/s"));  // the axis' top: the highest second
  CHECK(test::contains(figure, "3 s"));
  // x from 64 to 624, y from 12 (100/s) to 208 (0): 50/s is half way.
  CHECK(test::contains(figure, "points=\"64.0,12.0 344.0,110.0 624.0,61.0\""));
  CHECK(per_second_figure({{"short", &one}}).empty());
}

TEST_CASE("per-second chart: mean latency over time, the axis in duration units, a second without requests a gap") {
  const std::vector<double> latency_ns = {2000, 1000, 0, 1500};
  const std::string figure = latency_per_second_figure({{"run 1", &latency_ns}});
  CHECK(test::contains(figure, "mean latency per second"));
  CHECK(test::contains(figure, format_duration_ns(2000)));  // the axis' top: the slowest second
  CHECK(test::contains(figure, "4 s"));
  // x from 64 to 624 over 4 seconds, y from 12 (2 us) to 208 (0); the empty third second splits the line.
  CHECK(test::count_of(figure, "<polyline") == 2);
  CHECK(test::contains(figure, "points=\"64.0,12.0 250.7,110.0\""));
  CHECK(test::contains(figure, "points=\"624.0,61.0\""));
  CHECK(latency_per_second_figure({{"short", &one_second()}}).empty());
}

}  // namespace bench
