#include "report/json_report.h"

#include <cmath>
#include <stdexcept>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "report/json_document.h"
#include "result/result_keywords.h"
#include "result/metrics.h"
#include "result/rank_metrics.h"

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

ordered_json placement_json(const RunInfo& i) {
  return {{"role", i.role ? keyword(*i.role) : ""}, {"hypervisor", i.hypervisor}, {"container", i.container},
          {"evidence", i.placement_evidence}};
}

ordered_json run_json(const RunResult& run) {
  const RunInfo& i = run.info;
  ordered_json io = nullptr;
  if (i.setup.io) {
    io = {{"file_size_bytes", i.setup.io->file_size_bytes}, {"chunk_bytes", i.setup.io->chunk_bytes}, {"seeks", i.setup.io->seeks},
          {"seekers", i.setup.io->seekers}, {"per_char_bytes", i.setup.io->per_char_bytes},
          {"seek_write_percent", i.setup.io->seek_write_percent}};
  }
  ordered_json files = nullptr;
  if (i.setup.files) {
    files = {{"count", i.setup.files->file_count()},        {"content", keyword(i.setup.files->content)},
             {"max_bytes", i.setup.files->max_size_bytes},  {"min_bytes", i.setup.files->min_size_bytes},
             {"dirs", i.setup.files->dirs},                 {"chunk_bytes", i.setup.files->chunk_bytes}};
  }
  ordered_json tests = ordered_json::array();
  for (const auto& p : run.phases) tests.push_back(test_json(p));
  return {{"label", i.label},
          {"run_index", i.run_index},
          {"started_utc", i.started_utc},
          {"bench_version", i.version},
          {"host_name", i.host_name},
          {"kernel", i.kernel},
          {"placement", placement_json(i)},
          {"filesystem", i.filesystem},
          {"mount_options", i.mount_options},
          {"directory", i.directory},
          {"concurrency", i.setup.concurrency},
          {"ranks", i.ranks},
          {"hosts", i.hosts},
          {"seed", i.setup.seed},
          {"io", io},
          {"files", files},
          {"cache", keyword(i.setup.cache)},
          {"data", keyword(i.setup.data)},
          {"direct_io", i.setup.direct_io},
          {"fsync_each", i.setup.fsync_each},
          {"verify", i.setup.verify},
          {"tests", tests}};
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
  // The member `key` of the object at `path`; its own path goes to *member_path.
  const json& member(const json& object, const std::string& path, std::string_view key,
                     std::string* member_path) const {
    const auto it = object.find(key);
    if (it == object.end()) fail(path, fmt::format("missing key '{}'", key));
    *member_path = path.empty() ? std::string(key) : path + "." + std::string(key);
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
  template <typename Enum>
  Enum word(const json& o, const std::string& path, std::string_view key) const {
    const auto value = enum_from_keyword<Enum>(text(o, path, key));
    if (!value) {
      fail(path.empty() ? std::string(key) : path + "." + std::string(key),
           fmt::format("expected one of {}", keyword_choices<Enum>()));
    }
    return *value;
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

std::optional<IoSpec> read_io(const Walker& w, const json& run, const std::string& path) {
  std::string at;
  const json* o = w.object_or_null(run, path, "io", &at);
  if (o == nullptr) return std::nullopt;
  IoSpec spec{w.whole(*o, at, "file_size_bytes"), w.whole32(*o, at, "chunk_bytes"), w.whole32(*o, at, "seeks"),
              w.whole32(*o, at, "seekers"), w.whole(*o, at, "per_char_bytes")};
  // Reports of an earlier bench++ lack it: they wrote back bonnie++'s 10 %, the default.
  if (o->contains("seek_write_percent")) {
    spec.seek_write_percent = static_cast<std::uint32_t>(w.whole(*o, at, "seek_write_percent", 100));
  }
  return spec;
}

std::optional<FileSpec> read_files(const Walker& w, const json& run, const std::string& path) {
  std::string at;
  const json* o = w.object_or_null(run, path, "files", &at);
  if (o == nullptr) return std::nullopt;
  FileSpec spec;
  const std::uint64_t count = w.whole(*o, at, "count");
  if (count % 1024 != 0 || count / 1024 > UINT32_MAX) w.fail(at + ".count", "expected a multiple of 1024 files");
  spec.count_k = static_cast<std::uint32_t>(count / 1024);
  spec.content = w.word<FileContent>(*o, at, "content");
  spec.max_size_bytes = w.whole(*o, at, "max_bytes");
  spec.min_size_bytes = w.whole(*o, at, "min_bytes");
  spec.dirs = w.whole32(*o, at, "dirs");
  spec.chunk_bytes = w.whole32(*o, at, "chunk_bytes");
  return spec;
}

// "placement" is optional (reports of an earlier bench++ lack it); null counts as absent.
void read_placement(const Walker& w, const json& run, const std::string& path, RunInfo* info) {
  if (!run.contains("placement")) return;
  std::string at;
  const json* o = w.object_or_null(run, path, "placement", &at);
  if (o == nullptr) return;
  const std::string role = w.text(*o, at, "role");
  if (!role.empty()) {
    info->role = enum_from_keyword<Role>(role);
    if (!info->role) w.fail(at + ".role", "expected \"host\", \"guest\", \"unknown\" or \"\"");
  }
  info->hypervisor = w.text(*o, at, "hypervisor");
  info->container = w.text(*o, at, "container");
  std::string evidence_at;
  const json& evidence = w.member(*o, at, "evidence", &evidence_at);
  if (!evidence.is_array()) w.fail(evidence_at, fmt::format("expected an array, found {}", evidence.type_name()));
  for (std::size_t k = 0; k < evidence.size(); ++k) {
    if (!evidence[k].is_string()) {
      w.fail(fmt::format("{}[{}]", evidence_at, k), fmt::format("expected a string, found {}", evidence[k].type_name()));
    }
    info->placement_evidence.push_back(evidence[k].get<std::string>());
  }
}

// "ranks" and "hosts" are optional (reports of an earlier bench++ lack them: one rank, no hosts).
void read_ranks(const Walker& w, const json& run, const std::string& path, RunInfo* info) {
  if (run.contains("ranks")) info->ranks = w.whole32(run, path, "ranks");
  if (!run.contains("hosts")) return;
  std::string at;
  const json& hosts = w.member(run, path, "hosts", &at);
  if (!hosts.is_array()) w.fail(at, fmt::format("expected an array, found {}", hosts.type_name()));
  for (std::size_t k = 0; k < hosts.size(); ++k) {
    if (!hosts[k].is_string()) {
      w.fail(fmt::format("{}[{}]", at, k), fmt::format("expected a string, found {}", hosts[k].type_name()));
    }
    info->hosts.push_back(hosts[k].get<std::string>());
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
  RunInfo& i = run.info;
  i.label = w.text(r, path, "label");
  i.run_index = w.whole32(r, path, "run_index");
  i.started_utc = w.text(r, path, "started_utc");
  i.version = w.text(r, path, "bench_version");
  i.host_name = w.text(r, path, "host_name");
  i.kernel = w.text(r, path, "kernel");
  read_placement(w, r, path, &i);
  i.filesystem = w.text(r, path, "filesystem");
  i.mount_options = w.text(r, path, "mount_options");
  i.directory = w.text(r, path, "directory");
  i.setup.concurrency = w.whole32(r, path, "concurrency");
  read_ranks(w, r, path, &i);
  i.setup.seed = w.whole32(r, path, "seed");
  i.setup.io = read_io(w, r, path);
  i.setup.files = read_files(w, r, path);
  i.setup.cache = w.word<CacheMode>(r, path, "cache");
  i.setup.data = w.word<DataPattern>(r, path, "data");
  i.setup.direct_io = w.flag(r, path, "direct_io");
  i.setup.fsync_each = w.flag(r, path, "fsync_each");
  i.setup.verify = r.contains("verify") && w.flag(r, path, "verify");
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
