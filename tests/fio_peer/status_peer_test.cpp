// fio's --status-interval beside fio 3.33's own: the same 3 s job with --output-format=json --status-interval=1
// under each, its stdout's JSON documents counted and their shapes compared (the figures of course differ). fio 3.33
// wrote 4 documents (at 1, 2 and 3 s, then the final one), io_bytes and runtime growing in each.
#include <doctest/doctest.h>

#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "fio_run.h"
#include "test_support.h"

namespace bench {
namespace {

// Each of fio's JSON documents in `text`, parsed.
std::vector<nlohmann::json> documents_of(const std::string& text) {
  std::vector<nlohmann::json> documents;
  for (const std::string& object : test::json_object_texts(text)) documents.push_back(nlohmann::json::parse(object));
  return documents;
}

std::set<std::string> keys_of(const nlohmann::json& object) {
  std::set<std::string> keys;
  for (const auto& [key, value] : object.items()) keys.insert(key);
  return keys;
}

}  // namespace

TEST_CASE("fio status peer: the persona's --status-interval documents are fio 3.33's in number and shape") {
  if (!test::fio_available()) return;
  const std::vector<std::string> job = {"--name=status", "--rw=randread", "--size=8m", "--bs=4k", "--runtime=3",
                                        "--time_based", "--output-format=json", "--status-interval=1"};
  const test::BesideFio outputs = test::run_beside_fio(job);
  const test::CommandOutput& fio = outputs.fio;
  const test::CommandOutput& persona = outputs.persona;
  INFO(outputs.both_outputs());
  const std::vector<nlohmann::json> fio_documents = documents_of(fio.out);
  const std::vector<nlohmann::json> persona_documents = documents_of(persona.out);
  REQUIRE(fio_documents.size() >= 3);
  // An interval that falls as the job ends may or may not print, in either tool: one document apart at most.
  CHECK(persona_documents.size() + 1 >= fio_documents.size());
  CHECK(persona_documents.size() <= fio_documents.size() + 1);
  REQUIRE(persona_documents.size() >= 3);
  // The first status document of each: the same top-level keys, the same keys of its job and of the job's reads.
  const nlohmann::json& fio_first = fio_documents.front();
  const nlohmann::json& persona_first = persona_documents.front();
  CHECK(keys_of(persona_first) == keys_of(fio_first));
  CHECK(keys_of(persona_first["jobs"][0]) == keys_of(fio_first["jobs"][0]));
  CHECK(keys_of(persona_first["jobs"][0]["read"]) == keys_of(fio_first["jobs"][0]["read"]));
  for (const auto* documents : {&fio_documents, &persona_documents}) {
    const nlohmann::json& first = documents->front()["jobs"][0]["read"];
    const nlohmann::json& last = documents->back()["jobs"][0]["read"];
    CHECK(first["io_bytes"].get<std::uint64_t>() < last["io_bytes"].get<std::uint64_t>());
    CHECK(first["runtime"].get<std::int64_t>() < last["runtime"].get<std::int64_t>());
  }
}

}  // namespace bench
