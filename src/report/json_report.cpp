#include "report/json_report.h"

#include <cmath>
#include <stdexcept>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "report/json_document.h"
#include "result/metrics.h"
#include "result/rank_metrics.h"
#include "result/result_keywords.h"
#include "result/run_fields.h"

namespace bench {
namespace {

using nlohmann::json;
using nlohmann::ordered_json;

constexpr int kFormatVersion = 1;

// ---- writing ----

ordered_json number_or_null(std::optional<double> x) { return x ? ordered_json(*x) : ordered_json(nullptr); }
double seconds(std::chrono::nanoseconds d) { return std::chrono::duration<double>(d).count(); }

ordered_json latency_json(const std::optional<LatencySummary>& l) {
  if (!l) return nullptr;
  return {{"count", l->count},   {"min_ns", l->min_ns}, {"mean_ns", l->mean_ns},   {"p50_ns", l->p50_ns},
          {"p90_ns", l->p90_ns}, {"p99_ns", l->p99_ns}, {"p999_ns", l->p999_ns}, {"max_ns", l->max_ns}};
}

// work / elapsed, or null when no time elapsed.
ordered_json per_second(double work, std::chrono::nanoseconds elapsed) {
  if (elapsed.count() <= 0) return nullptr;
  return work / seconds(elapsed);
}

// A bytes test's rate in KiB/s, or null.
ordered_json kib_rate(const PhaseResult& p, std::optional<double> bytes_per_second) {
  if (phase_work_unit(p.id) != WorkUnit::kBytes || !bytes_per_second) return nullptr;
  return *bytes_per_second / 1024;
}

// null for a run of one process; else how the ranks spread out, per host and per rank (result/rank_metrics.h).
ordered_json mpi_json(const PhaseResult& p) {
  const std::optional<RankSpread> spread = rank_spread(p);
  if (!spread) return nullptr;
  const bool bytes_test = phase_work_unit(p.id) == WorkUnit::kBytes;
  ordered_json hosts = ordered_json::array();
  for (const auto& h : cpu_by_host(p)) {
    hosts.push_back({{"host", h.host}, {"ranks", h.ranks}, {"cpu_sec", seconds(h.cpu)},
                     {"cpu_percent", per_second(seconds(h.cpu) * 100, p.elapsed)}});
  }
  ordered_json per_rank = ordered_json::array();
  for (const auto& r : p.ranks) {
    const std::optional<double> rate = rank_rate_per_second(p.id, r);
    const std::chrono::nanoseconds elapsed = r.end - r.start;
    per_rank.push_back({{"rank", r.rank},
                        {"host", r.host},
                        {"start_sec", seconds(r.start)},
                        {"end_sec", seconds(r.end)},
                        {"operations", r.operations},
                        {"bytes", r.bytes},
                        {"cpu_sec", seconds(r.cpu)},
                        {"workers", r.workers},
                        {"kib_per_sec", kib_rate(p, rate)},
                        {"ops_per_sec", per_second(static_cast<double>(r.operations), elapsed)},
                        {"latency", latency_json(r.latency)}});
  }
  const std::optional<double> slowest = spread->slowest_rate_times_ranks;
  return {{"ranks", p.ranks.size()},
          {"first_done_sec", seconds(spread->first_done)},
          {"last_done_sec", seconds(spread->last_done)},
          {"slowest_rank", spread->slowest_rank},
          {"slowest_x_ranks_kib_per_sec", kib_rate(p, slowest)},
          {"slowest_x_ranks_ops_per_sec", bytes_test ? nullptr : number_or_null(slowest)},
          {"hosts", hosts},
          {"per_rank", per_rank}};
}

ordered_json test_json(const PhaseResult& p) {
  const bool bytes_test = phase_work_unit(p.id) == WorkUnit::kBytes;
  return {{"test", phase_key(p.id)},
          {"title", phase_title(p.id)},
          {"unit", keyword(phase_work_unit(p.id))},
          {"operations", p.operations},
          {"bytes", p.bytes},
          {"elapsed_sec", seconds(p.elapsed)},
          {"cpu_sec", seconds(p.cpu)},
          {"cpu_percent", number_or_null(cpu_percent(p))},
          {"kib_per_sec", bytes_test ? per_second(static_cast<double>(p.bytes) / 1024, p.elapsed) : nullptr},
          {"ops_per_sec", per_second(static_cast<double>(p.operations), p.elapsed)},
          {"too_fast", too_fast(p)},
          {"workers", p.workers},
          {"latency", latency_json(p.latency)},
          {"mpi", mpi_json(p)}};
}

ordered_json field_json(const RunField& field, const RunInfo& info) {
  const std::optional<FieldValue> value = field.access.get(info);
  const FieldFormat& format = field.access.format;
  if (!value) return "";  // a keyword with no value
  switch (format.codec) {
    case FieldCodec::kText: return std::get<std::string>(*value);
    case FieldCodec::kWhole:
    case FieldCodec::kPercent: return std::get<std::uint64_t>(*value);
    case FieldCodec::kFlag: return std::get<bool>(*value);
    case FieldCodec::kKeyword: return format.words[std::get<std::uint64_t>(*value)];
    case FieldCodec::kTextList: return std::get<std::vector<std::string>>(*value);
  }
  return nullptr;
}

// The fields of result/run_fields.h in its order, a group's fields in an object (null when the group is absent)
// where its first field is; then the tests.
ordered_json run_json(const RunResult& run) {
  ordered_json out = ordered_json::object();
  for (const RunField& field : run_fields()) {
    if (field.group == nullptr) {
      out[field.json_key] = field_json(field, run.info);
      continue;
    }
    ordered_json& group = out[field.group->json_key];
    if (!group_present(field, run.info)) continue;  // stays null
    group[field.json_key] = field_json(field, run.info);
  }
  ordered_json tests = ordered_json::array();
  for (const auto& p : run.phases) tests.push_back(test_json(p));
  out["tests"] = tests;
  return out;
}

// ---- reading: typed access to the document; every failure names the value's path and line ----

class Walker {
 public:
  Walker(std::string_view text, const std::string& source) : text_(text), source_(source) {}

  [[noreturn]] void fail(const std::string& path, const std::string& what) const {
    const std::size_t line = json_value_line(text_, source_, path);
    throw std::runtime_error(fmt::format("{}:{}: {}: {}", source_, line, path.empty() ? "document" : path, what));
  }

  void expect_object(const json& value, const std::string& path) const {
    if (!value.is_object()) fail(path, fmt::format("expected an object, found {}", value.type_name()));
  }
  // "runs[0].io" and "seeks" -> "runs[0].io.seeks".
  static std::string join(const std::string& path, std::string_view key) {
    return path.empty() ? std::string(key) : path + "." + std::string(key);
  }
  // The member `key` of the object at `path`; its own path goes to *member_path.
  const json& member(const json& object, const std::string& path, std::string_view key,
                     std::string* member_path) const {
    const auto it = object.find(key);
    if (it == object.end()) fail(path, fmt::format("missing key '{}'", key));
    *member_path = join(path, key);
    return *it;
  }

  std::string text(const json& o, const std::string& path, std::string_view key) const {
    std::string at;
    const json& v = member(o, path, key, &at);
    if (!v.is_string()) fail(at, fmt::format("expected a string, found {}", v.type_name()));
    return v.get<std::string>();
  }
  bool flag(const json& o, const std::string& path, std::string_view key) const {
    std::string at;
    const json& v = member(o, path, key, &at);
    if (!v.is_boolean()) fail(at, fmt::format("expected true or false, found {}", v.type_name()));
    return v.get<bool>();
  }
  // A whole number in [0, max]; a float is accepted when it is an exact whole number (below 2^53).
  std::uint64_t whole(const json& o, const std::string& path, std::string_view key,
                      std::uint64_t max = UINT64_MAX) const {
    std::string at;
    const json& v = member(o, path, key, &at);
    std::optional<std::uint64_t> n;
    if (v.is_number_unsigned()) n = v.get<std::uint64_t>();
    if (v.is_number_float()) {
      const double d = v.get<double>();
      if (d >= 0 && d <= 9007199254740992.0 && std::floor(d) == d) n = static_cast<std::uint64_t>(d);
    }
    if (!n || *n > max) fail(at, fmt::format("expected a whole number from 0 to {}", max));
    return *n;
  }
  std::uint32_t whole32(const json& o, const std::string& path, std::string_view key) const {
    return static_cast<std::uint32_t>(whole(o, path, key, UINT32_MAX));
  }
  // A finite number in [0, max].
  double real(const json& o, const std::string& path, std::string_view key, double max) const {
    std::string at;
    const json& v = member(o, path, key, &at);
    const double d = v.is_number() ? v.get<double>() : -1;
    if (!(d >= 0 && d <= max)) fail(at, fmt::format("expected a number from 0 to {}", max));
    return d;
  }
  std::chrono::nanoseconds duration(const json& o, const std::string& path, std::string_view key) const {
    return std::chrono::nanoseconds{std::llround(real(o, path, key, 9e9) * 1e9)};
  }
  // The object at `key`, or nullptr when it is null.
  const json* object_or_null(const json& o, const std::string& path, std::string_view key, std::string* at) const {
    const json& v = member(o, path, key, at);
    if (v.is_null()) return nullptr;
    expect_object(v, *at);
    return &v;
  }

 private:
  std::string_view text_;
  const std::string& source_;
};

// What a keyword field takes, for an error: "expected one of drop|keep", or, when it may have no value,
// "expected \"host\", \"guest\", \"unknown\" or \"\"".
std::string keyword_requirement(const FieldFormat& format) {
  if (!format.may_be_empty) return "expected one of " + join_keywords(format.words);
  std::string words;
  for (const std::string_view word : format.words) words += fmt::format("\"{}\", ", word);
  words.resize(words.size() - 2);
  return "expected " + words + " or \"\"";
}

// A list of strings at `key`.
std::vector<std::string> text_list(const Walker& w, const json& o, const std::string& path, std::string_view key) {
  std::string at;
  const json& list = w.member(o, path, key, &at);
  if (!list.is_array()) w.fail(at, fmt::format("expected an array, found {}", list.type_name()));
  std::vector<std::string> texts;
  for (std::size_t k = 0; k < list.size(); ++k) {
    if (!list[k].is_string()) {
      w.fail(fmt::format("{}[{}]", at, k), fmt::format("expected a string, found {}", list[k].type_name()));
    }
    texts.push_back(list[k].get<std::string>());
  }
  return texts;
}

// The value of `field` in `o` (the object at `path`); nullopt for a keyword that may be "" and is.
std::optional<FieldValue> read_field_value(const Walker& w, const RunField& field, const json& o,
                                           const std::string& path) {
  const FieldFormat& format = field.access.format;
  const std::string_view key = field.json_key;
  switch (format.codec) {
    case FieldCodec::kText: return w.text(o, path, key);
    case FieldCodec::kWhole:
    case FieldCodec::kPercent: return w.whole(o, path, key, format.max);
    case FieldCodec::kFlag: return w.flag(o, path, key);
    case FieldCodec::kKeyword: {
      const std::string word = w.text(o, path, key);
      if (word.empty() && format.may_be_empty) return std::nullopt;
      for (std::size_t i = 0; i < format.words.size(); ++i) {
        if (format.words[i] == word) return std::uint64_t{i};
      }
      w.fail(Walker::join(path, key), keyword_requirement(format));
    }
    case FieldCodec::kTextList: return text_list(w, o, path, key);
  }
  return std::nullopt;
}

// The run's fields (result/run_fields.h); every key is required, a group that may be absent may be null.
void read_run_fields(const Walker& w, const json& r, const std::string& path, RunInfo& info) {
  for (const RunField& field : run_fields()) {
    const json* o = &r;
    std::string at = path;
    if (field.group != nullptr) {
      if (field.group->present == nullptr) {
        o = &w.member(r, path, field.group->json_key, &at);
        w.expect_object(*o, at);
      } else {
        o = w.object_or_null(r, path, field.group->json_key, &at);
        if (o == nullptr) continue;  // the group is absent: its test did not run
        if (!field.group->present(info)) field.group->make_present(info);
      }
    }
    std::optional<FieldValue> value = read_field_value(w, field, *o, at);
    if (value && !field.access.set(info, std::move(*value))) {
      w.fail(Walker::join(at, field.json_key), "expected " + std::string(field.rule));
    }
  }
}

PhaseResult read_test(const Walker& w, const json& t, const std::string& path) {
  w.expect_object(t, path);
  PhaseResult p;
  const std::string key = w.text(t, path, "test");
  const auto id = phase_from_key(key);
  if (!id) w.fail(path + ".test", fmt::format("unknown test '{}'", key.substr(0, 40)));
  p.id = *id;
  p.operations = w.whole(t, path, "operations");
  p.bytes = w.whole(t, path, "bytes");
  p.elapsed = w.duration(t, path, "elapsed_sec");
  p.cpu = w.duration(t, path, "cpu_sec");
  p.workers = w.whole32(t, path, "workers");
  std::string at;
  if (const json* l = w.object_or_null(t, path, "latency", &at)) {
    p.latency = LatencySummary{w.whole(*l, at, "count"),  w.whole(*l, at, "min_ns"),
                               w.whole(*l, at, "max_ns"), w.real(*l, at, "mean_ns", 1e300),
                               w.whole(*l, at, "p50_ns"), w.whole(*l, at, "p90_ns"),
                               w.whole(*l, at, "p99_ns"), w.whole(*l, at, "p999_ns")};
  }
  return p;
}

RunResult read_run(const Walker& w, const json& r, const std::string& path) {
  w.expect_object(r, path);
  RunResult run;
  read_run_fields(w, r, path, run.info);
  std::string at;
  const json& tests = w.member(r, path, "tests", &at);
  if (!tests.is_array()) w.fail(at, fmt::format("expected an array, found {}", tests.type_name()));
  for (std::size_t k = 0; k < tests.size(); ++k) {
    run.phases.push_back(read_test(w, tests[k], fmt::format("{}[{}]", at, k)));
  }
  return run;
}

}  // namespace

std::string format_json(const std::vector<RunResult>& runs) {
  ordered_json doc = {{"tool", "bench++"}, {"format_version", kFormatVersion}, {"runs", ordered_json::array()}};
  for (const auto& run : runs) doc["runs"].push_back(run_json(run));
  return doc.dump(2, ' ', false, ordered_json::error_handler_t::replace) + '\n';
}

std::vector<RunResult> read_json_report(std::string_view text, const std::string& source_name) {
  const json doc = parse_json_document(text, source_name);
  const Walker w(text, source_name);
  w.expect_object(doc, "");
  if (w.text(doc, "", "tool") != "bench++") w.fail("tool", "not a bench++ report");
  const std::uint64_t version = w.whole(doc, "", "format_version");
  if (version != kFormatVersion) {
    w.fail("format_version", fmt::format("format_version {} is not supported (this bench++ reads {})", version,
                                         kFormatVersion));
  }
  std::string at;
  const json& runs = w.member(doc, "", "runs", &at);
  if (!runs.is_array()) w.fail(at, fmt::format("expected an array, found {}", runs.type_name()));
  if (runs.empty()) w.fail(at, "the report holds no runs");
  std::vector<RunResult> result;
  for (std::size_t k = 0; k < runs.size(); ++k) result.push_back(read_run(w, runs[k], fmt::format("runs[{}]", k)));
  return result;
}

}  // namespace bench
