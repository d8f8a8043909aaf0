#include <doctest/doctest.h>

#include "report/html/per_second_svg.h"
#include "test_support.h"

namespace bench {

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

}  // namespace bench
