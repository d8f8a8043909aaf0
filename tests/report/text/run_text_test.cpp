#include "report/text/run_text.h"

#include <doctest/doctest.h>

#include "report/machine_readable_samples.h"
#include "test_support.h"

namespace bench {
namespace {

using test::count_of;

}  // namespace

TEST_CASE("run text: bonnie++'s table, its units stated once under it, then the measured section") {
  const auto runs = test::machine_readable_samples();
  const std::string text = format_result_text(runs[0]);  // I/O and file tests
  const std::size_t table_end = text.rfind("Latency ");
  const std::size_t legend = text.find("Table rates: K = 1024 (515k = 515 KiB/s, 45.3m = 45.3 MiB/s, 3.0g = 3.0 GiB/s)");
  const std::size_t measured = text.find("Measured ");
  REQUIRE(table_end != std::string::npos);
  REQUIRE(legend != std::string::npos);
  REQUIRE(measured != std::string::npos);
  CHECK(table_end < legend);
  CHECK(legend < measured);
  CHECK(count_of(text, "K = 1024") == 1);
  CHECK(count_of(text, "+++++: the test took under 0.5 s; Measured below has its rate") == 1);
  // The measured section spells each rate's unit.
  CHECK(text.find(" KiB/s ") != std::string::npos);
  CHECK(text.find(" files/s ") != std::string::npos);
  CHECK(text.find(" seeks/s ") != std::string::npos);
  // Without I/O tests the table has no byte rates, so no K to explain.
  const std::string files_only = format_result_text(runs[1]);
  CHECK(files_only.find("K = 1024") == std::string::npos);
  CHECK(count_of(files_only, "+++++: the test took under 0.5 s; Measured below has its rate") == 1);
}

}  // namespace bench
