#include "report/json/workload_keys.h"

#include "result/unrecorded_fields.h"

#include <chrono>
#include <limits>

#include "result/result_keywords.h"
#include "result/workload_fields.h"

namespace bench {
namespace {

using nlohmann::json;
using nlohmann::ordered_json;

template <typename Enum>
Enum read_keyword(const Walker& w, const json& o, const std::string& path, std::string_view key) {
  const std::string word = w.text(o, path, key);
  const std::optional<Enum> value = enum_from_keyword<Enum>(word);
  if (!value) w.fail(Walker::join(path, key), "expected one of " + keyword_choices<Enum>());
  return *value;
}

const json& array_at(const Walker& w, const json& o, const std::string& path, std::string_view key, std::string* at) {
  const json& list = w.member(o, path, key, at);
  if (!list.is_array()) w.fail(*at, fmt::format("expected an array, found {}", list.type_name()));
  return list;
}

}  // namespace

ordered_json workload_spec_json(const WorkloadSpec& spec) {
  ordered_json object = ordered_json::object();
  for (const WorkloadField& field : workload_fields()) object[field.json_key] = field_json(field, spec);
  return object;
}

ordered_json workloads_json(const RunSetup& setup) {
  ordered_json list = ordered_json::array();
  for (const WorkloadSpec& spec : setup.workloads) list.push_back(workload_spec_json(spec));
  return list;
}

// fio's steady state (ss_dur=): by what criterion, over what window, whether it was attained and when (ms after
// the measured start: the job stopped then); null without ss_dur=.
ordered_json fio_steady_state_json(const std::optional<FioSteadyStateResult>& ss) {
  if (!ss) return nullptr;
  return {{"ss", steady_state_criterion_text(ss->spec)},
          {"duration_s", ss->spec.duration_s},
          {"attained", ss->attained},
          {"attained_after_ms", ss->attained_after
                                    ? ordered_json(std::chrono::duration_cast<std::chrono::milliseconds>(*ss->attained_after).count())
                                    : ordered_json(nullptr)}};
}

ordered_json workload_part_json(const PhaseResult& result) {
  if (!result.workload) return nullptr;
  const WorkloadPart& part = *result.workload;
  ordered_json steady = nullptr;
  if (part.steady) {
    steady = {{"first_third_mean", part.steady->first_third_mean},
              {"last_third_mean", part.steady->last_third_mean},
              {"noise", part.steady->noise},
              {"steady", part.steady->steady}};
  }
  return {{"name", part.workload},
          {"direction", keyword(part.direction)},
          {"job", part.job ? ordered_json(*part.job) : ordered_json(nullptr)},
          {"engine", keyword(part.engine)},
          {"engine_depth", part.engine_depth},
          {"engine_note", part.engine_note},
          {"mean_depth", part.mean_depth},
          {"cpu_sec_per_million_requests", part.cpu_per_million_requests
                                               ? ordered_json(*part.cpu_per_million_requests)
                                               : ordered_json(nullptr)},
          {"error", part.failure ? ordered_json{{"code", part.failure->error}, {"message", part.failure->message}}
                                 : ordered_json(nullptr)},
          {"per_second", part.per_second},
          {"steady", steady},
          {"fio_steadystate", fio_steady_state_json(part.fio_steady_state)},
          {"iodepth_counts", {{"level", part.depths.level},  // fio's ranges (result/workload_result.h)
                              {"submit", part.depths.submit},
                              {"complete", part.depths.complete}}}};
}

namespace {
// A workload part's "iodepth_counts" (a later addition: absent in older files, then zeros).
void read_depth_counts(const Walker& w, const json& part, const std::string& path, IoDepthCounts& depths) {
  std::string at;
  const json* o = w.object_or_null(part, path, "iodepth_counts", &at);
  if (o == nullptr) return;
  for (const auto& [key, counts] : {std::pair{"level", &depths.level}, std::pair{"submit", &depths.submit},
                                    std::pair{"complete", &depths.complete}}) {
    std::string list_at;
    const json& list = array_at(w, *o, at, key, &list_at);
    if (list.size() != counts->size()) w.fail(list_at, "expected 7 counts, fio's ranges");
    for (std::size_t k = 0; k < list.size(); ++k) {
      if (!list[k].is_number_unsigned()) w.fail(fmt::format("{}[{}]", list_at, k), "expected a count, 0 or more");
      (*counts)[k] = list[k].get<std::uint64_t>();
    }
  }
}
}  // namespace

std::vector<WorkloadSpec> read_workloads(const Walker& w, const json& run, const std::string& path,
                                         std::vector<std::size_t>* unrecorded) {
  std::string at;
  const json& list = array_at(w, run, path, "workloads", &at);
  std::vector<WorkloadSpec> specs;
  for (std::size_t k = 0; k < list.size(); ++k) {
    const std::string spec_path = fmt::format("{}[{}]", at, k);
    w.expect_object(list[k], spec_path);
    WorkloadSpec spec;
    const auto fields = workload_fields();
    for (std::size_t f = 0; f < fields.size(); ++f) {
      const WorkloadField& field = fields[f];
      if (f != 0 && !list[k].contains(field.json_key)) {  // (the name, first, names the workload: required)
        if (unrecorded != nullptr) UnrecordedFields::add(*unrecorded, f);
        continue;
      }
      std::optional<FieldValue> value = read_field_value(w, field, list[k], spec_path);
      if (value && !field.access.set(spec, std::move(*value))) {
        w.fail(Walker::join(spec_path, field.json_key), "expected " + std::string(field.rule));
      }
    }
    specs.push_back(std::move(spec));
  }
  return specs;
}

std::optional<WorkloadPart> read_workload_part(const Walker& w, const json& test, const std::string& path) {
  std::string at;
  const json* o = w.object_or_null(test, path, "workload", &at);
  if (o == nullptr) return std::nullopt;
  WorkloadPart part;
  part.workload = w.text(*o, at, "name");
  part.direction = read_keyword<IoDirection>(w, *o, at, "direction");
  const auto job = o->find("job");
  if (job == o->end() || !job->is_null()) part.job = w.whole32(*o, at, "job");
  part.engine = read_keyword<EngineKind>(w, *o, at, "engine");
  part.engine_depth = static_cast<std::uint32_t>(w.whole(*o, at, "engine_depth", kMaxIoDepth));
  part.engine_note = w.text(*o, at, "engine_note");
  part.mean_depth = w.real(*o, at, "mean_depth", kMaxIoDepth);
  // Optional: a report written before the measurer's cost was recorded lacks it.
  const auto cost = o->find("cpu_sec_per_million_requests");
  if (cost != o->end() && !cost->is_null()) {
    part.cpu_per_million_requests =
        w.real(*o, at, "cpu_sec_per_million_requests", std::numeric_limits<double>::max());
  }
  // Optional too (a later addition): a failed job's error, null for one that ran to its end.
  std::string error_at;
  if (const json* e = o->contains("error") ? w.object_or_null(*o, at, "error", &error_at) : nullptr) {
    const std::uint64_t code = w.whole(*e, error_at, "code", std::numeric_limits<int>::max());
    if (code == 0) w.fail(Walker::join(error_at, "code"), "expected an error number, 1 or more");
    part.failure = JobFailure{static_cast<int>(code), w.text(*e, error_at, "message")};
  }
  std::string list_at;
  const json& per_second = array_at(w, *o, at, "per_second", &list_at);
  for (std::size_t k = 0; k < per_second.size(); ++k) {
    if (!per_second[k].is_number() || per_second[k].get<double>() < 0) {
      w.fail(fmt::format("{}[{}]", list_at, k), "expected a number of requests, 0 or more");
    }
    part.per_second.push_back(per_second[k].get<double>());
  }
  std::string steady_at;
  if (const json* s = w.object_or_null(*o, at, "steady", &steady_at)) {
    constexpr double kMax = std::numeric_limits<double>::max();
    part.steady = SteadyState{w.real(*s, steady_at, "first_third_mean", kMax), w.real(*s, steady_at, "last_third_mean", kMax),
                              w.real(*s, steady_at, "noise", kMax), w.flag(*s, steady_at, "steady")};
  }
  if (o->contains("iodepth_counts")) read_depth_counts(w, *o, at, part.depths);
  // Optional (a later addition): fio's steady state, null without ss_dur=.
  std::string ss_at;
  if (const json* s = o->contains("fio_steadystate") ? w.object_or_null(*o, at, "fio_steadystate", &ss_at) : nullptr) {
    FioSteadyStateResult ss;
    if (!read_steady_state_criterion(w.text(*s, ss_at, "ss"), ss.spec)) {
      w.fail(Walker::join(ss_at, "ss"), "expected fio's ss= criterion and limit, as iops:10%");
    }
    ss.spec.duration_s = w.whole32(*s, ss_at, "duration_s");
    ss.attained = w.flag(*s, ss_at, "attained");
    const auto after = s->find("attained_after_ms");
    if (after != s->end() && !after->is_null()) {
      ss.attained_after = std::chrono::milliseconds(w.whole(*s, ss_at, "attained_after_ms", 1'000'000'000'000ull));
    }
    part.fio_steady_state = ss;
  }
  return part;
}

}  // namespace bench
