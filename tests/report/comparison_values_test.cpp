// Number and unit formatting of the comparison writers (report/comparison_values.h).
#include "report/comparison_values.h"

#include <doctest/doctest.h>

#include "report/csv/csv_field.h"

namespace bench {
namespace {

TEST_CASE("value format: about three significant digits, no exponent") {
  CHECK(format_number(512.3) == "512");
  CHECK(format_number(45.26) == "45.3");
  CHECK(format_number(3.14159) == "3.14");
  CHECK(format_number(0.04213) == "0.0421");
  CHECK(format_number(0) == "0");
  CHECK(format_number(27306.7) == "27307");
  CHECK(format_number(9.996) == "10.0");
  CHECK(format_number(1e-9) == "0");  // at most 6 decimals
  CHECK(format_number(0.0000012) == "0.000001");
}

TEST_CASE("value format: a row reads in one unit chosen by its largest value") {
  TestComparison test;
  test.unit = WorkUnit::kBytes;
  MetricRow row;
  row.kind = MetricKind::kThroughput;
  MetricCell small, large;
  small.state = large.state = CellState::kMeasured;
  small.stats = {512 * 1024.0, 0, 1};
  large.stats = {600 * 1024.0 * 1024, 30 * 1024.0 * 1024, 3};
  large.runs = 4;
  row.cells = {small, large};
  const DisplayUnit unit = display_unit(test, row);
  CHECK(unit.symbol == "MiB/s");
  CHECK(format_cell_value(small, unit) == "0.500 MiB/s");
  CHECK(format_cell_value(large, unit) == "600 ± 30 MiB/s (3 of 4 runs)");
  CHECK(unit_keyword(test, row) == "bytes_per_sec");

  row.kind = MetricKind::kLatencyP99;
  CHECK(display_unit(test, row).symbol == "ms");  // 629 145 600 ns
  CHECK(unit_keyword(test, row) == "ns");
  row.kind = MetricKind::kCpuPercent;
  CHECK(format_cell_value(small, display_unit(test, row)) == "524288%");
  test.unit = WorkUnit::kSeeks;
  row.kind = MetricKind::kThroughput;
  CHECK(display_unit(test, row).symbol == "seeks/s");
  CHECK(unit_keyword(test, row) == "seeks_per_sec");

  MetricCell missing;
  CHECK(format_cell_value(missing, unit) == "absent");
  missing.state = CellState::kNotMeasured;
  CHECK(format_cell_value(missing, unit) == "not measured (under 0.5 s)");
  missing.state = CellState::kNotRecorded;
  CHECK(format_cell_value(missing, unit) == "not recorded");
}

TEST_CASE("value format: verdict words") {
  MetricCell cell;
  CHECK(verdict_text(cell) == "");
  cell.verdict = Verdict::kWorse;
  CHECK(verdict_text(cell) == "worse, noise unknown");
  cell.noise = Noise::kBeyond;
  CHECK(verdict_text(cell) == "worse, beyond noise");
  cell.verdict = Verdict::kBetter;
  cell.noise = Noise::kWithin;
  CHECK(verdict_text(cell) == "better, within noise");
  cell.verdict = Verdict::kSame;
  CHECK(verdict_text(cell) == "");
}

TEST_CASE("comparison CSV fields are quoted as the spreadsheet's") {
  CHECK(quote_csv_field("plain") == "plain");
  CHECK(quote_csv_field("a,b") == "\"a,b\"");
  CHECK(quote_csv_field("say \"hi\"") == "\"say \"\"hi\"\"\"");
  CHECK(quote_csv_field(" x") == "\" x\"");
}

}  // namespace
}  // namespace bench
