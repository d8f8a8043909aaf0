// The comparison as JSON (report/json/comparison_json.h): valid JSON whatever the labels hold, null for no value.
#include "report/json/comparison_json.h"

#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "test_support.h"

namespace bench {
namespace {

Comparison two_groups(const std::string& other_label) {
  Comparison comparison;
  comparison.groups = {GroupInfo{"host", "host", {"h.csv"}, 1, false, "host"},
                       GroupInfo{other_label, other_label, {"g,1.csv"}, 2, true, ""}};
  TestComparison test;
  test.test = test_id(PhaseId::kBlockWrite);
  MetricRow row;
  row.kind = MetricKind::kThroughput;
  MetricCell base;
  base.state = CellState::kMeasured;
  base.stats = {1000.123456, 10.5, 2};
  base.runs = 2;
  MetricCell other;
  other.state = CellState::kNotMeasured;
  other.runs = 2;
  other.phrase = "not measured in " + other_label + " (under 0.5 s)";
  row.cells = {base, other};
  test.metrics = {row};
  comparison.tests = {test};
  comparison.notes = {"a note with \"quotes\" and a tab\t"};
  return comparison;
}

TEST_CASE("comparison JSON: shape, rounding and null for no value") {
  const std::string text = format_comparison_json(two_groups("guest"));
  REQUIRE(text.ends_with("}\n"));
  const auto doc = nlohmann::json::parse(text);
  CHECK(doc["tool"] == "bench++");
  CHECK(doc["kind"] == "comparison");
  CHECK(doc["format_version"] == 1);
  REQUIRE(doc["groups"].size() == 2);
  CHECK(doc["groups"][0]["role"] == "base");
  CHECK(doc["groups"][1]["files"] == nlohmann::json({"g,1.csv"}));
  CHECK(doc["groups"][1]["placement"].is_null());
  CHECK(doc["groups"][1]["from_bonnie"] == true);
  const auto& values = doc["tests"][0]["metrics"][0]["values"];
  CHECK(doc["tests"][0]["test"] == "block_write");
  CHECK(doc["tests"][0]["metrics"][0]["unit"] == "bytes_per_sec");
  CHECK(values[0]["mean"].get<double>() == 1000.123);  // 3 decimals, as the comparison CSV
  CHECK(values[0]["stddev"].get<double>() == 10.5);
  CHECK(values[0]["ratio_to_base"].is_null());
  CHECK(values[1]["state"] == "not_measured");
  CHECK(values[1]["mean"].is_null());
  CHECK(values[1]["verdict"].is_null());
  CHECK(values[1]["noise"].is_null());
  CHECK(doc["notes"][0] == "a note with \"quotes\" and a tab\t");
}

TEST_CASE("comparison JSON: quotes, control characters and bad UTF-8 in labels stay valid JSON") {
  const std::string label = "g\"\\\x01 \xff\xfe «ü»";
  const std::string text = format_comparison_json(two_groups(label));
  const auto doc = nlohmann::json::parse(text);  // throws on invalid JSON
  CHECK(doc["groups"][1]["name"] == "g\"\\\x01 \xEF\xBF\xBD\xEF\xBF\xBD «ü»");
  CHECK(test::run_program({"python3", "-m", "json.tool"}, text).exit_code == 0);
}

}  // namespace
}  // namespace bench
