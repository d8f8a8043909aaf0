// What the option rows say of each option beside its spelling (cli/fio_option.h): where its value is recorded (the
// workload fields of result/workload_fields.h, or why none), and its default, fio's and bench++'s. The records are
// the fields' (each key one of theirs, each field some option's), a default bench++ shares with fio is what runs
// without the option, a default of bench++'s own or an option left unset is a difference the records see, and
// fio's side is what fio 3.33's `fio --cmdhelp=OPTION` says (with fio 3.33 installed, as scripts/test.sh installs
// it).
#include <doctest/doctest.h>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <chrono>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "cli/fio_options.h"
#include "cli/fio_run_options.h"
#include "result/errors.h"
#include "result/workload_fields.h"
#include "test_support.h"
#include "text/split.h"

namespace bench {
namespace {

using Bench = FioOptionDefault::Bench;

std::vector<std::string_view> keys_of(const FioOptionRecord& record) {
  return record.recorded() ? split(record.field_keys(), ' ') : std::vector<std::string_view>{};
}

std::string text_of(const FieldValue& value) {
  if (const auto* number = std::get_if<std::uint64_t>(&value)) return std::to_string(*number);
  if (const auto* flag = std::get_if<bool>(&value)) return *flag ? "true" : "false";
  if (const auto* text = std::get_if<std::string>(&value)) return *text;
  return fmt::format("{}", fmt::join(std::get<std::vector<std::string>>(value), "|"));
}

// Every recorded field's value, by its key: what the outputs carry of the workload.
std::map<std::string, std::string> recorded_values(const WorkloadSpec& spec) {
  std::map<std::string, std::string> values;
  for (const WorkloadField& field : workload_fields()) {
    if (!group_present(field, spec)) continue;
    const std::optional<FieldValue> value = field.access.get(spec);
    values[std::string(field.json_key)] = value ? text_of(*value) : "(none)";
  }
  return values;
}

// A workload of bench++'s defaults with one option applied (none when `value` is nullopt), settled as every
// workload is once its options are read.
WorkloadSpec workload_with(std::string_view option, std::optional<std::string_view> value) {
  WorkloadSpec spec;
  if (value) apply_fio_option(spec, FioOption{std::string(option), std::string(*value)}, 1024);
  settle_workload(spec);
  return spec;
}

// The keys whose values differ between two workloads' records.
std::vector<std::string> differing_keys(const std::map<std::string, std::string>& a,
                                        const std::map<std::string, std::string>& b) {
  std::vector<std::string> keys;
  for (const auto& [key, value] : a) {
    if (b.at(key) != value) keys.push_back(fmt::format("{} ({} vs {})", key, b.at(key), value));
  }
  return keys;
}

TEST_CASE("fio option rows: each recorded key is a workload field's, and each workload field records some option") {
  std::set<std::string_view> field_keys;
  for (const WorkloadField& field : workload_fields()) field_keys.insert(field.json_key);
  std::set<std::string_view> named;
  std::size_t not_recorded = 0;
  for (const FioOptionRow& row : fio_option_rows()) {
    INFO("row " << row.name << ": " << row.record.field_keys());
    CHECK(row.record.recorded() == row.record.reason().empty());
    if (!row.record.recorded()) ++not_recorded;
    const std::vector<std::string_view> keys = keys_of(row.record);
    CHECK(std::set<std::string_view>(keys.begin(), keys.end()).size() == keys.size());
    for (const std::string_view key : keys) {
      CHECK_MESSAGE(field_keys.count(key) == 1, "'" << key << "' is no key of workload_fields()");
      named.insert(key);
    }
  }
  // Every field of a workload's record is set by an option: its name too (name=). A field no option set would need
  // its reason here; there is none.
  for (const std::string_view key : field_keys) {
    CHECK_MESSAGE(named.count(key) == 1, "workload field '" << key << "' is in no option row's record");
  }
  // kb_base, the logs' (files and layout), fio's report options, verify_fatal, exec's program and its arguments,
  // the deprecated options fio ignores, ...
  CHECK(not_recorded > 10);
  CHECK(not_recorded < 60);
}

TEST_CASE("fio run option rows: none is recorded with a workload, for one reason") {
  const std::span<const FioOptionRow> rows = fio_run_option_rows();
  REQUIRE(!rows.empty());
  for (const FioOptionRow& row : rows) {
    INFO("--" << row.name);
    CHECK(!row.record.recorded());
    CHECK(row.record.reason() == rows.front().record.reason());
  }
  CHECK(test::contains(rows.front().record.reason(), "run option"));
}

TEST_CASE("fio option rows: a default is bench++'s: applied, it changes no recorded field") {
  const std::map<std::string, std::string> defaults = recorded_values(workload_with("", std::nullopt));
  std::size_t checked = 0;
  for (const FioOptionRow& row : fio_option_rows()) {
    const FioOptionDefault& given = row.defaults;
    INFO("row " << row.name << ": fio's default '" << given.fio() << "', bench++'s '" << given.bench() << "'");
    CHECK((given.bench_kind() == Bench::kFio) == given.why().empty());
    if (!given.bench().empty()) {
      // bench++'s default (fio's, or its own) changes nothing the records hold
      const std::vector<std::string> changed = differing_keys(recorded_values(workload_with(row.name, given.bench())),
                                                              defaults);
      CHECK_MESSAGE(changed.empty(), "applying the default changes " << fmt::format("{}", fmt::join(changed, ", ")));
      ++checked;
    }
    if (given.bench_kind() != Bench::kFio) {
      // a default of bench++'s own, or the option left unset, is a difference its records see: fio's default,
      // given, changes one of them
      REQUIRE(row.record.recorded());
      const std::map<std::string, std::string> with_fio_default =
          recorded_values(workload_with(row.name, given.fio()));
      bool changed = false;
      for (const std::string_view key : keys_of(row.record)) {
        changed = changed || with_fio_default.at(std::string(key)) != defaults.at(std::string(key));
      }
      CHECK_MESSAGE(changed, "fio's default changes none of " << row.record.field_keys());
    }
  }
  CHECK(checked > 60);
}

TEST_CASE("fio run option rows: a default bench++ shares is what runs without the option") {
  std::size_t checked = 0;
  for (const FioOptionRow& row : fio_run_option_rows()) {
    if (row.group != FioOptionGroup::kOutput || row.defaults.fio().empty()) continue;
    INFO("--" << row.name << "=" << row.defaults.fio());
    FioOutputRequest request;
    apply_fio_run_option(request, FioOption{std::string(row.name), std::string(row.defaults.fio())});
    const FioOutputRequest none;
    const bool same = request.formats == none.formats && request.output_path == none.output_path &&
                      request.terse_version == none.terse_version && request.eta == none.eta &&
                      request.eta_newline == none.eta_newline && request.eta_interval == none.eta_interval &&
                      request.status_interval == none.status_interval;
    CHECK(same == (row.defaults.bench_kind() == Bench::kFio));
    ++checked;
  }
  CHECK(checked >= 2);  // --output-format (left unset: bench++'s own report), --terse-version
}

TEST_CASE("fio run options: the ETA and status options' values, with fio 3.33's floors (init.c)") {
  using namespace std::chrono_literals;
  const auto applied = [](std::string name, std::string value) {
    FioOutputRequest request;
    apply_fio_run_option(request, FioOption{std::move(name), std::move(value)});
    return request;
  };
  CHECK(applied("eta", "always").eta == FioOutputRequest::Eta::kAlways);
  CHECK(applied("eta", "never").eta == FioOutputRequest::Eta::kNever);
  CHECK_THROWS_AS(applied("eta", "sometimes"), UsageError);
  CHECK(applied("eta-newline", "1").eta_newline == 1000ms);  // seconds without a unit
  CHECK(applied("eta-newline", "500ms").eta_newline == 500ms);
  CHECK(applied("eta-interval", "250ms").eta_interval == 250ms);
  CHECK_THROWS_AS(applied("eta-interval", "100ms"), UsageError);  // fio's DISK_UTIL_MSEC floor
  CHECK(applied("status-interval", "2").status_interval == 2000ms);
  CHECK_THROWS_AS(applied("status-interval", "500ms"), UsageError);  // "status interval too small"
}

// fio's defaults as `fio --cmdhelp=OPTION` prints them ("default: 4096", "default: no default"); nullopt for an
// option fio's --cmdhelp does not know (an engine's own, or one of fio's deprecated options).
std::optional<std::string> fio_cmdhelp_default(std::string_view option) {
  const test::CommandOutput help = test::run_program({"fio", fmt::format("--cmdhelp={}", option)});
  for (const std::string& line : test::lines_of(help.out)) {
    const auto at = line.find("default: ");
    if (at == std::string::npos) continue;
    const std::string value = line.substr(at + 9);
    return value == "no default" ? std::string() : value;
  }
  return std::nullopt;
}

TEST_CASE("fio option rows: fio's default is fio 3.33's") {
  if (test::skip_unless(test::tool_installed("fio"), test::Need::kTool, "fio is not installed (Debian fio)")) return;
  const std::string version = test::run_program({"fio", "--version"}).out;
  if (version.rfind("fio-3.33", 0) != 0) {
    test::skip_if(test::Skip{test::Need::kMachine, "the installed fio is " + version + ", not fio-3.33"});
    return;
  }
  std::size_t compared = 0;
  for (const FioOptionRow& row : fio_option_rows()) {
    const std::optional<std::string> fio_default = fio_cmdhelp_default(row.name);
    if (!fio_default) {
      // An engine's own options (`fio --enghelp=ENGINE`: their defaults are in fio 3.33's engines/io_uring.c and
      // engines/cpu.c, engines/fileoperations.c, engines/exec.c), fio's deprecated spelling, and the deprecated options fio takes with
      // a warning
      CHECK_MESSAGE((row.group == FioOptionGroup::kIoUring || row.group == FioOptionGroup::kCpuio ||
                     row.group == FioOptionGroup::kFilestat || row.group == FioOptionGroup::kExec ||
                     row.name == "percentage_sequential" || is_deprecated_fio_option(row.name)),
                    row.name);
      continue;
    }
    CHECK_MESSAGE(*fio_default == row.defaults.fio(), row.name << ": fio --cmdhelp says '" << *fio_default << "'");
    ++compared;
  }
  CHECK(compared > 100);
}

}  // namespace
}  // namespace bench
