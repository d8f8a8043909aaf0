// fio's --status-interval from the running program: the persona writes the results so far every interval, each a
// whole document of every format asked, where fio writes its formats (stdout here), then the final results.
// tests/fio_peer/status_peer_test.cpp sets it beside fio 3.33's own.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "fio_run.h"
#include "test_support.h"

namespace bench {
namespace {

// One randread job of 4 s with the results so far every second: at 1, 2 and 3 s at least, as the job runs.
std::vector<std::string> status_job(const test::TempDir& dir, const std::string& format) {
  return {"fio",           "--directory=" + dir.path().string(), "--name=status", "--rw=randread", "--size=8m",
          "--bs=4k",       "--runtime=4", "--time_based",        "--status-interval=1", "--output-format=" + format};
}

// Each of fio's JSON documents in `text`, parsed.
std::vector<nlohmann::json> json_documents(const std::string& text) {
  std::vector<nlohmann::json> documents;
  for (const std::string& object : test::json_object_texts(text)) documents.push_back(nlohmann::json::parse(object));
  return documents;
}

// Every key path of `value` ("jobs/read/io_bytes"), an array's by its first element.
void collect_paths(const nlohmann::json& value, const std::string& prefix, std::vector<std::string>& paths) {
  if (value.is_object()) {
    for (const auto& [key, member] : value.items()) {
      paths.push_back(prefix + key);
      collect_paths(member, prefix + key + "/", paths);
    }
  } else if (value.is_array() && !value.empty()) {
    collect_paths(value.front(), prefix, paths);
  }
}
std::vector<std::string> key_paths(const nlohmann::json& document) {
  std::vector<std::string> paths;
  collect_paths(document, "", paths);
  return paths;
}

std::size_t occurrences(const std::string& text, const std::string& what) {
  std::size_t count = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++count;
  return count;
}

}  // namespace

TEST_CASE("fio --status-interval: the persona writes a whole JSON document every interval, then the final one") {
  test::TempDir dir;
  const auto r = test::run_bench(status_job(dir, "json"));
  REQUIRE_MESSAGE(r.exit_code == 0, r.err);
  CHECK(r.err.empty());
  INFO(r.out);
  const std::vector<nlohmann::json> documents = json_documents(r.out);
  REQUIRE(documents.size() >= 4);  // 3 at least while the job runs, the final one
  std::uint64_t io_bytes = 0;
  std::int64_t runtime = 0;
  for (const nlohmann::json& document : documents) {
    REQUIRE(document["jobs"].size() == 1);
    const nlohmann::json& read = document["jobs"][0]["read"];
    CHECK(read["io_bytes"].get<std::uint64_t>() >= io_bytes);  // cumulative since the job's start
    CHECK(read["runtime"].get<std::int64_t>() >= runtime);
    io_bytes = read["io_bytes"].get<std::uint64_t>();
    runtime = read["runtime"].get<std::int64_t>();
  }
  CHECK(documents.front()["jobs"][0]["read"]["io_bytes"].get<std::uint64_t>() < io_bytes);
  // Each status document has the final one's shape (its keys), as fio's.
  const std::vector<std::string> final_paths = key_paths(documents.back());
  for (std::size_t i = 0; i + 1 < documents.size(); ++i) {
    CAPTURE(i);
    CHECK(key_paths(documents[i]) == final_paths);
  }
}

TEST_CASE("fio --status-interval: the persona's normal output has a report with its Run status group each interval") {
  test::TempDir dir;
  const auto r = test::run_bench(status_job(dir, "normal"));
  REQUIRE_MESSAGE(r.exit_code == 0, r.err);
  CHECK(r.err.empty());
  INFO(r.out);
  CHECK(occurrences(r.out, "Run status group 0 (all jobs):") >= 4);
  CHECK(occurrences(r.out, "status: (groupid=0, jobs=1): err= 0: pid=") >= 4);
  CHECK(occurrences(r.out, "Starting 1 process") == 1);  // the header once, before the jobs run
}

TEST_CASE("fio --status-interval: bench++ job writes the results so far in the fio formats it is asked for") {
  test::TempDir dir;
  std::vector<std::string> args = status_job(dir, "terse");
  args.front() = "job";
  args.push_back("-q");
  const auto r = test::run_bench(args);
  REQUIRE_MESSAGE(r.exit_code == 0, r.err);
  INFO(r.out);
  CHECK(occurrences(r.out, ";status;") >= 4);
}

}  // namespace bench
