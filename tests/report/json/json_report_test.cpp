#include "report/json/json_report.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <cctype>
#include <nlohmann/json.hpp>
#include <sstream>
#include <stdexcept>

#include "report/machine_readable_samples.h"
#include "test_support.h"

namespace bench {
namespace {

using nlohmann::json;
using test::check_same_runs;
using test::machine_readable_samples;

std::vector<RunResult> samples_with_fractions() {
  auto runs = machine_readable_samples();
  runs[0].phases[0].latency->mean_ns = 12345.678901234;
  runs[0].phases[1].elapsed = std::chrono::nanoseconds{1};
  runs[0].phases[3].cpu = std::chrono::nanoseconds{999'999'999'999};
  return runs;
}

void check_error(std::string_view text, const std::string& expected_start, const std::string& expected_part) {
  test::check_read_error([&] { read_json_report(text, "in.json"); }, expected_start, expected_part, 400);
}

// A written document with one value replaced (by a JSON pointer), pretty-printed again.
std::string edited(const std::string& pointer, const json& value) {
  json doc = json::parse(format_json(machine_readable_samples()));
  doc[json::json_pointer(pointer)] = value;
  return doc.dump(2);
}
std::string erased(const std::string& parent_pointer, const std::string& key) {
  json doc = json::parse(format_json(machine_readable_samples()));
  doc[json::json_pointer(parent_pointer)].erase(key);
  return doc.dump(2);
}

// The 1-based line on which `needle` occurs for the n-th time (n from 1).
std::size_t line_of(const std::string& text, const std::string& needle, int n) {
  std::size_t at = std::string::npos;
  for (int i = 0; i < n; ++i) {
    at = text.find(needle, at + 1);
    REQUIRE(at != std::string::npos);
  }
  return 1 + static_cast<std::size_t>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(at), '\n'));
}

void check_keys_snake_case(const json& value) {
  if (value.is_object()) {
    for (const auto& item : value.items()) {  // .key(): clang 14 cannot capture a binding in CHECK_MESSAGE's lambda
      const std::string& key = item.key();
      const json& child = item.value();
      const bool snake_case = !key.empty() && key[0] >= 'a' && key[0] <= 'z' &&
                              key.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789_") == std::string::npos;
      CHECK_MESSAGE(snake_case, key);
      check_keys_snake_case(child);
    }
  } else if (value.is_array()) {
    for (const auto& child : value) check_keys_snake_case(child);
  }
}

}  // namespace

TEST_CASE("JSON report: shape, units and null for no value") {
  const std::string text = format_json(machine_readable_samples());
  REQUIRE(text.ends_with("}\n"));
  const json doc = json::parse(text);
  CHECK(doc["tool"] == "bench++");
  CHECK(doc["format_version"] == 1);
  REQUIRE(doc["runs"].size() == 4);
  check_keys_snake_case(doc);

  const json& full = doc["runs"][0];
  CHECK(full["label"] == "host \"A\", rack 3\nsecond line");
  CHECK(full["io"]["file_size_bytes"] == 8589934592ULL);
  CHECK(full["io"]["seek_write_percent"] == 10);
  CHECK(doc["runs"][2]["io"]["seek_write_percent"] == 0);
  CHECK(doc["runs"][3]["io"]["seek_write_percent"] == 100);
  CHECK(full["files"]["count"] == 16384);
  CHECK(full["files"]["content"] == "data");
  CHECK(full["cache"] == "keep");
  CHECK(full["direct_io"] == true);
  CHECK(full["verify"] == true);
  CHECK(doc["runs"][1]["verify"] == false);
  REQUIRE(full["tests"].size() == 13);
  const json& block_write = full["tests"][1];
  CHECK(block_write["test"] == "block_write");
  CHECK(block_write["title"] == "Sequential Output, Block");
  CHECK(block_write["unit"] == "bytes");
  CHECK(block_write["elapsed_sec"].get<double>() == doctest::Approx(1.235567894).epsilon(1e-12));
  CHECK(block_write["kib_per_sec"].get<double>() == doctest::Approx(6789279.683).epsilon(1e-9));
  CHECK(block_write["ops_per_sec"].get<double>() == doctest::Approx(839.290).epsilon(1e-5));
  CHECK(block_write["cpu_percent"].get<double>() == doctest::Approx(79.935).epsilon(1e-4));
  CHECK(block_write["too_fast"] == false);
  CHECK(block_write["latency"]["p999_ns"] == 1500001);
  CHECK(block_write["latency"]["max_ns"] == 9876543211ULL);
  CHECK(block_write["histogram"] == json::array({json::array({130, 10000}), json::array({400, 39000}),
                                                json::array({1900, 1001})}));
  CHECK(full["tests"][2]["latency"].is_null());
  CHECK(full["tests"][2]["histogram"] == json::array());
  CHECK(full["tests"][6]["kib_per_sec"].is_null());  // seq_create: files, not bytes
  CHECK(full["tests"][6]["unit"] == "files");

  CHECK(doc["runs"][1]["io"].is_null());
  CHECK(doc["runs"][1]["files"]["content"] == "hardlink");
  CHECK(doc["runs"][1]["label"] == "Gäste-VM 🚀 «ünïcödé»");
  CHECK(doc["runs"][2]["files"].is_null());
  const json& zero_elapsed = doc["runs"][2]["tests"][1];
  CHECK(zero_elapsed["cpu_percent"].is_null());
  CHECK(zero_elapsed["kib_per_sec"].is_null());
  CHECK(zero_elapsed["ops_per_sec"].is_null());
  CHECK(zero_elapsed["too_fast"] == true);
  CHECK(doc["runs"][3]["tests"][1]["operations"] == UINT64_MAX);

  const json& placement = full["placement"];
  CHECK(placement["role"] == "guest");
  CHECK(placement["hypervisor"] == "kvm");
  CHECK(placement["container"] == "none");
  REQUIRE(placement["evidence"].size() == 3);
  CHECK(placement["evidence"][1] == "DMI sys_vendor 'QEMU, \"Inc\"' (qemu)");
  CHECK(doc["runs"][1]["placement"]["container"] == "docker");
  CHECK(doc["runs"][3]["placement"]["role"] == "");  // not recorded
  CHECK(doc["runs"][3]["placement"]["evidence"] == json::array());
}

TEST_CASE("JSON report: python3 -m json.tool accepts it") {
  auto runs = machine_readable_samples();
  runs[3].info.label = std::string("bad \xff\xfe utf-8 \x01 and \"quotes\"");
  const std::string text = format_json(runs);
  const auto checked = test::run_program({"python3", "-m", "json.tool"}, text);
  CHECK_MESSAGE(checked.exit_code == 0, checked.err);
  CHECK(checked.out.find("\"tool\": \"bench++\"") != std::string::npos);
  CHECK(test::run_program({"python3", "-m", "json.tool"}, format_json({})).exit_code == 0);
}

TEST_CASE("JSON report round trip") {
  SUBCASE("samples") {
    const auto runs = machine_readable_samples();
    check_same_runs(runs, read_json_report(format_json(runs), "t.json"));
  }
  SUBCASE("fractional means, 1 ns, long times") {
    const auto runs = samples_with_fractions();
    check_same_runs(runs, read_json_report(format_json(runs), "t.json"));
  }
  SUBCASE("unknown keys are ignored, compact layout") {
    json doc = json::parse(format_json(machine_readable_samples()));
    doc["future"] = {{"a", 1}};
    doc["runs"][0]["role"] = "guest";
    doc["runs"][0]["tests"][0]["stddev_ns"] = nullptr;
    check_same_runs(machine_readable_samples(), read_json_report(doc.dump(), "t.json"));
  }
  SUBCASE("whole numbers written as floats, a 1 MB label") {
    json doc = json::parse(format_json(machine_readable_samples()));
    doc["runs"][0]["seed"] = 4000000001.0;
    doc["runs"][0]["label"] = std::string(1 << 20, 'y');
    auto expected = machine_readable_samples();
    expected[0].info.label = std::string(1 << 20, 'y');
    check_same_runs(expected, read_json_report(doc.dump(), "t.json"));
  }
}

TEST_CASE("JSON report reader: every error names the file and line") {
  SUBCASE("empty text, invalid JSON, deep nesting") {
    check_error("", "in.json:1: ", "empty");
    check_error(" \n\t\n", "in.json:1: ", "empty");
    check_error("{\n\"tool\": \"bench++\",\n  \"runs\": [,]\n}", "in.json:3: ", "invalid JSON: syntax error");
    check_error("{\"tool\": \"bench++\"", "in.json:1: ", "invalid JSON");
    check_error("{}\n{}", "in.json:2: ", "invalid JSON");
    check_error("\n\n[1e999]", "in.json:3: ", "invalid JSON");
    check_error(std::string("{\"a\":\n\"x\0y\"}", 11), "in.json:2: ", "invalid JSON");
    check_error(std::string(40, '[') + std::string(40, ']'), "in.json:1: ", "nested deeper than 32");
    check_error(std::string(1'000'000, '['), "in.json:1: ", "nested deeper than 32");
    check_error("[" + std::string(1 << 20, 'x') + "]", "in.json:1: ", "invalid JSON");
  }
  SUBCASE("not a bench++ report") {
    check_error("[1, 2]", "in.json:1: document: ", "expected an object, found array");
    check_error("{\"tool\": \"fio\", \"format_version\": 1, \"runs\": []}", "in.json:1: tool: ", "not a bench++");
    check_error("{\n\"tool\": \"bench++\",\n\"format_version\": 2,\n\"runs\": []}", "in.json:3: format_version: ",
                "format_version 2 is not supported");
    check_error("{\"tool\": \"bench++\", \"format_version\": 1, \"runs\": []}", "in.json:1: runs: ", "no runs");
    check_error("{\"tool\": \"bench++\", \"format_version\": 1,\n\"runs\": {}}", "in.json:2: runs: ",
                "expected an array");
  }
  SUBCASE("a setup key missing (a file older than the field) reads as not recorded; a result key is named") {
    // Named variables, not a structured binding: clang 14 cannot capture one in CAPTURE's lambda.
    for (const auto& erasure : std::vector<std::pair<std::string, std::string>>{{"/runs/0", "placement"},
                                                                                {"/runs/0", "ranks"},
                                                                                {"/runs/0", "hosts"},
                                                                                {"/runs/0", "verify"},
                                                                                {"/runs/0", "cache"},
                                                                                {"/runs/0/io", "seek_write_percent"},
                                                                                {"/runs/0/files", "dirs"},
                                                                                {"/runs/0/placement", "evidence"}}) {
      const std::string& parent = erasure.first;
      const std::string& key = erasure.second;
      CAPTURE(key);
      UnrecordedFields unrecorded;
      CHECK(read_json_report(erased(parent, key), "in.json", &unrecorded).size() == machine_readable_samples().size());
      CHECK(!unrecorded.run.empty());
    }
    for (const std::string key : {"operations", "bytes", "elapsed_sec", "cpu_sec", "workers", "latency"}) {
      CAPTURE(key);
      check_error(erased("/runs/0/tests/1", key), "in.json:", "runs[0].tests[1]: missing key '" + key + "'");
    }
    check_error(erased("/runs/0", "label"), "in.json:", "runs[0]: missing key 'label'");
    check_error(edited("/runs/0/placement", nullptr), "in.json:", "runs[0].placement: expected an object, found null");
  }
  SUBCASE("missing keys: the line of the object that lacks them") {
    // The edited documents are dumped with sorted keys: a run's first key is bench_version, a test's bytes
    // (here cached_percent, bytes being the key removed); the object's '{' is on the line before.
    const std::string text = erased("/runs/1", "tests");
    check_error(text, "in.json:" + std::to_string(line_of(text, "\"bench_version\"", 2) - 1) + ": runs[1]: ",
                "missing key 'tests'");
    const std::string no_bytes = erased("/runs/0/tests/3", "bytes");
    const std::size_t test3 = line_of(no_bytes, "\"cached_percent\"", 4) - 1;
    check_error(no_bytes, "in.json:" + std::to_string(test3) + ": runs[0].tests[3]: ", "missing key 'bytes'");
    check_error(erased("", "tool"), "in.json:1: document: ", "missing key 'tool'");
  }
  SUBCASE("wrong types and ranges: the line of the value") {
    struct Case {
      std::string pointer;
      json value;
      std::string path;
      std::string what;
    };
    const std::vector<Case> cases = {
        {"/runs/0/label", 5, "runs[0].label", "expected a string, found number"},
        {"/runs/0/run_index", -1, "runs[0].run_index", "whole number from 0 to 4294967295"},
        {"/runs/0/run_index", 4294967296ULL, "runs[0].run_index", "whole number from 0 to 4294967295"},
        {"/runs/0/concurrency", 1.5, "runs[0].concurrency", "whole number"},
        {"/runs/0/concurrency", "2", "runs[0].concurrency", "whole number"},
        {"/runs/0/direct_io", 1, "runs[0].direct_io", "expected true or false"},
        {"/runs/0/verify", "yes", "runs[0].verify", "expected true or false"},
        {"/runs/0/verify", nullptr, "runs[0].verify", "expected true or false"},
        {"/runs/0/cache", "maybe", "runs[0].cache", "expected one of drop|keep"},
        {"/runs/0/io", 3, "runs[0].io", "expected an object, found number"},
        {"/runs/0/io/seeks", nullptr, "runs[0].io.seeks", "whole number"},
        {"/runs/0/io/seek_write_percent", 101, "runs[0].io.seek_write_percent", "whole number from 0 to 100"},
        {"/runs/0/io/seek_write_percent", 2.5, "runs[0].io.seek_write_percent", "whole number from 0 to 100"},
        {"/runs/0/io/seek_write_percent", "10", "runs[0].io.seek_write_percent", "whole number from 0 to 100"},
        {"/runs/0/io/seek_write_percent", nullptr, "runs[0].io.seek_write_percent", "whole number from 0 to 100"},
        {"/runs/0/files/count", 1000, "runs[0].files.count", "multiple of 1024"},
        {"/runs/0/files/content", "fifo", "runs[0].files.content", "data|hardlink|symlink"},
        {"/runs/0/tests", json::object(), "runs[0].tests", "expected an array, found object"},
        {"/runs/0/tests/2", 7, "runs[0].tests[2]", "expected an object"},
        {"/runs/0/tests/2/test", "warp_drive", "runs[0].tests[2].test", "unknown test 'warp_drive'"},
        {"/runs/0/tests/2/operations", 1e30, "runs[0].tests[2].operations", "whole number"},
        {"/runs/0/tests/2/elapsed_sec", -0.5, "runs[0].tests[2].elapsed_sec", "number from 0 to"},
        {"/runs/0/tests/2/elapsed_sec", 1e30, "runs[0].tests[2].elapsed_sec", "number from 0 to"},
        {"/runs/0/tests/2/cpu_sec", "1.0", "runs[0].tests[2].cpu_sec", "number from 0 to"},
        {"/runs/0/tests/4/latency/p99_ns", -3, "runs[0].tests[4].latency.p99_ns", "whole number"},
        {"/runs/0/tests/4/latency/mean_ns", false, "runs[0].tests[4].latency.mean_ns", "number from 0 to"},
        {"/runs/0/tests/4/histogram", nullptr, "runs[0].tests[4].histogram", "expected an array, found null"},
        {"/runs/0/tests/4/histogram/1", 7, "runs[0].tests[4].histogram[1]", "expected [bucket, count]"},
        {"/runs/0/placement", 3, "runs[0].placement", "expected an object, found number"},
        {"/runs/0/placement/role", "vm", "runs[0].placement.role", "expected \"host\", \"guest\", \"unknown\""},
        {"/runs/0/placement/hypervisor", 1, "runs[0].placement.hypervisor", "expected a string, found number"},
        {"/runs/0/placement/evidence", "CPUID", "runs[0].placement.evidence", "expected an array, found string"},
        {"/runs/0/placement/evidence/1", 5, "runs[0].placement.evidence[1]", "expected a string, found number"},
    };
    for (const auto& c : cases) {
      CAPTURE(c.pointer);
      const std::string text = edited(c.pointer, c.value);
      const std::string key = c.pointer.substr(c.pointer.rfind('/') + 1);
      const bool indexed = std::isdigit(static_cast<unsigned char>(key[0])) != 0;
      std::size_t line = 0;
      try {
        read_json_report(text, "in.json");
        FAIL("no exception");
      } catch (const std::runtime_error& e) {
        const std::string what = e.what();
        CHECK_MESSAGE(what.find(": " + c.path + ": ") != std::string::npos, what);
        CHECK_MESSAGE(what.find(c.what) != std::string::npos, what);
        CHECK_MESSAGE(what.rfind("in.json:", 0) == 0, what);
        line = std::stoul(what.substr(8));
      }
      std::istringstream lines(text);
      std::string text_line;
      for (std::size_t n = 0; n < line; ++n) std::getline(lines, text_line);
      // The reported line holds the offending value.
      if (!indexed) CHECK_MESSAGE(text_line.find("\"" + key + "\": ") != std::string::npos, line << ": " << text_line);
      CHECK_MESSAGE(text_line.find(c.value.dump()) != std::string::npos, line << ": " << text_line);
    }
  }
  SUBCASE("histogram buckets that are not [bucket, count] pairs") {
    for (const json& pair : {json::array({1, 2, 3}), json::array({4294967296ULL, 2}), json::array({7, -2})}) {
      CAPTURE(pair.dump());
      check_error(edited("/runs/0/tests/4/histogram/1", pair), "in.json:",
                  "runs[0].tests[4].histogram[1]: expected [bucket, count]");
    }
  }
  SUBCASE("hostile input") {
    check_error(std::string(100, '\0'), "in.json:1: ", "invalid JSON");
    std::string many_runs = "{\"tool\": \"bench++\", \"format_version\": 1, \"runs\": [";
    for (int i = 0; i < 300000; ++i) many_runs += "{},";
    many_runs += "{}]}";
    check_error(many_runs, "in.json:1: runs[0]: ", "missing key 'label'");
    check_error("{\"tool\": \"bench++\", \"format_version\": 100000000000000000000000000000, \"runs\": []}",
                "in.json:1: format_version: ", "whole number");
    std::string noise;
    for (int i = 0; i < 100000; ++i) noise += static_cast<char>((i * 7919 + 13) % 251 + 1);
    CHECK_THROWS_AS(read_json_report(noise, "in.json"), std::runtime_error);
  }
}

}  // namespace bench

namespace bench {

TEST_CASE("JSON report: a workload part's I/O depth counts round trip, and a file without them reads zeros") {
  WorkloadPart part;
  part.depths.level = {1, 2, 3, 4, 5, 6, 7};
  part.depths.submit = {0, 9, 0, 0, 0, 0, 1};
  part.depths.complete = {0, 0, 0, 0, 0, 0, 8};
  const std::vector<RunResult> runs = {test::workload_sample_run({part})};
  const std::vector<RunResult> read = read_json_report(format_json(runs), "t.json");
  REQUIRE(read.at(0).phases.at(0).workload.has_value());
  const IoDepthCounts& depths = read[0].phases[0].workload->depths;
  CHECK(depths.level == part.depths.level);
  CHECK(depths.submit == part.depths.submit);
  CHECK(depths.complete == part.depths.complete);

  nlohmann::json doc = nlohmann::json::parse(format_json(runs));
  doc["runs"][0]["tests"][0]["workload"].erase("iodepth_counts");  // a file of an earlier bench++
  const std::vector<RunResult> older = read_json_report(doc.dump(), "t.json");
  CHECK(older.at(0).phases.at(0).workload->depths.level == std::array<std::uint64_t, 7>{});
  doc["runs"][0]["tests"][0]["workload"]["iodepth_counts"] = {{"level", {1, 2}}, {"submit", {}}, {"complete", {}}};
  CHECK_THROWS_WITH_AS(read_json_report(doc.dump(), "t.json"), doctest::Contains("fio's ranges"), std::runtime_error);
}

TEST_CASE("JSON report: a failed job's error round trips, null for one that ran to its end, absent in older files") {
  WorkloadPart part;
  part.failure = JobFailure{5, "cannot read /x at offset 0: Input/output error"};
  WorkloadPart fine;
  fine.direction = IoDirection::kWrite;
  const std::vector<RunResult> runs = {test::workload_sample_run({part, fine})};
  const std::string text = format_json(runs);
  const std::vector<RunResult> read = read_json_report(text, "t.json");
  CHECK(read.at(0).phases.at(0).workload->failure == part.failure);
  CHECK_FALSE(read.at(0).phases.at(1).workload->failure);
  nlohmann::json doc = nlohmann::json::parse(text);
  CHECK(doc["runs"][0]["tests"][0]["workload"]["error"]["code"] == 5);
  CHECK(doc["runs"][0]["tests"][1]["workload"]["error"].is_null());
  doc["runs"][0]["tests"][0]["workload"].erase("error");  // a file of an earlier bench++
  CHECK_FALSE(read_json_report(doc.dump(), "t.json").at(0).phases.at(0).workload->failure);
  doc["runs"][0]["tests"][0]["workload"]["error"] = {{"code", 0}, {"message", "x"}};
  CHECK_THROWS_WITH_AS(read_json_report(doc.dump(), "t.json"), doctest::Contains("error number"), std::runtime_error);
}

}  // namespace bench
