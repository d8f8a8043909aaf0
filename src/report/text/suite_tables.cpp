#include "report/text/suite_tables.h"

#include <algorithm>
#include <functional>
#include <iterator>

#include <fmt/format.h>

#include "report/text/latency_table.h"
#include "report/text/workload_table.h"
#include "result/metrics.h"
#include "result/statistics.h"
#include "result/test_id.h"

namespace bench {
namespace {

constexpr double kMB = 1e6;

const PhaseResult* part_of(const RunResult& run, const std::string& workload, IoDirection direction) {
  return find_test(run, workload_test_id(workload, direction));
}

std::optional<double> requests_per_second(const PhaseResult& p) {
  if (p.elapsed.count() <= 0) return std::nullopt;
  return static_cast<double>(p.operations) / std::chrono::duration<double>(p.elapsed).count();
}

// Whether the part's job failed (WorkloadPart::failure): its figures stop at the failure, so no cell shows them.
bool failed(const PhaseResult* p) { return p != nullptr && p->workload && p->workload->failure; }

std::string bandwidth(const PhaseResult* p) {
  if (failed(p)) return "FAILED";
  if (p == nullptr) return "-";
  const std::optional<double> rate = rate_per_second(*p);
  return rate ? fmt::format("{:.1f} MB/s", *rate / kMB) : "-";
}

std::string iops(const PhaseResult* p) {
  if (failed(p)) return "FAILED";
  if (p == nullptr) return "-";
  const std::optional<double> rate = requests_per_second(*p);
  return rate ? format_count_si(*rate) + " IOPS" : "-";
}

std::string latency(const PhaseResult* p) {
  if (failed(p)) return "FAILED";
  if (p == nullptr || !p->latency) return "-";
  return fmt::format("{} (p99 {})", format_duration_ns(p->latency->mean_ns),
                     format_duration_ns(static_cast<double>(p->latency->p99_ns)));
}

bool all_of_suite(const std::vector<Executor>& executors, std::string_view suite) {
  if (executors.empty()) return false;
  return std::all_of(executors.begin(), executors.end(), [&](const Executor& e) {
    return !e.runs.empty() && std::all_of(e.runs.begin(), e.runs.end(),
                                          [&](const RunResult* r) { return r->info.setup.suite == suite; });
  });
}

std::string shown_name(const WorkloadSpec& spec) { return spec.description.empty() ? spec.name : spec.description; }

// The direction a workload moves its data in: its writes, else its reads, else its trims.
IoDirection data_direction(const WorkloadSpec& spec) {
  return writes_data(spec.pattern)  ? IoDirection::kWrite
         : reads_data(spec.pattern) ? IoDirection::kRead
                                    : IoDirection::kTrim;
}

// The first two columns of tart's and openstack's tables.
std::vector<SuiteTableColumn> workload_executor_columns() {
  return {{"Name", 4, true, true}, {"Executor", 8, true, true}};
}

// Tart's and openstack's rows: per workload, per executor, the cells of its first run (`cells`, which says which
// parts they show); a line under the table per failed job, after the note on repeats.
SuiteTable per_workload_table(const std::vector<Executor>& executors, SuiteTable table,
                              const std::function<std::vector<std::string>(const RunResult&, const WorkloadSpec&,
                                                                           std::vector<const PhaseResult*>&)>& cells) {
  table.separator = "  ";
  std::vector<std::string> failures;
  SuiteTableGroup group;
  for (const WorkloadSpec& spec : executors.front().runs.front()->info.setup.workloads) {
    for (const Executor& e : executors) {
      std::vector<const PhaseResult*> parts;
      std::vector<std::string> row{shown_name(spec), e.name};
      for (std::string& cell : cells(*e.runs.front(), spec, parts)) row.push_back(std::move(cell));
      const bool any_failed = std::any_of(parts.begin(), parts.end(), failed);
      for (const PhaseResult* p : parts) {
        if (!failed(p)) continue;
        failures.push_back(fmt::format("{}: workload '{}': {}", e.name, spec.name, failed_text(*p->workload)));
        break;  // every part of a failed job has its failure
      }
      group.rows.push_back({std::move(row), any_failed, ""});
    }
  }
  table.groups = {std::move(group)};
  if (executors.front().runs.size() > 1) table.notes.push_back("(each executor's first run)");
  table.notes.insert(table.notes.end(), failures.begin(), failures.end());
  return table;
}

SuiteTable tart_table(const std::vector<Executor>& executors) {
  SuiteTable table{"Tart's table", " (cirruslabs/tart benchmark/): B/W in MB/s = 10^6 bytes/s, latency mean (p99)",
                   "", workload_executor_columns(), {}, {}};
  for (const char* title : {"B/W (read)", "B/W (write)"}) table.columns.push_back({title, 12});
  for (const char* title : {"I/O (read)", "I/O (write)"}) table.columns.push_back({title, 11});
  for (const char* title : {"Latency (read)", "Latency (write)", "Latency (sync)"}) table.columns.push_back({title, 20});
  return per_workload_table(executors, std::move(table),
                            [](const RunResult& run, const WorkloadSpec& spec, std::vector<const PhaseResult*>& parts) {
    const PhaseResult* read = part_of(run, spec.name, IoDirection::kRead);
    const PhaseResult* write = part_of(run, spec.name, IoDirection::kWrite);
    const PhaseResult* sync = part_of(run, spec.name, IoDirection::kSync);
    parts = {read, write, sync};
    return std::vector<std::string>{bandwidth(read), bandwidth(write), iops(read),    iops(write),
                                    latency(read),   latency(write),   latency(sync)};
  });
}

SuiteTable openstack_table(const std::vector<Executor>& executors) {
  SuiteTable table{"OpenStack report's table",
                   ": bare metal against VMs, each workload in the direction it moves data: IOPS, B/W in MB/s = 10^6 "
                   "bytes/s, latency mean (p99)",
                   "", workload_executor_columns(), {}, {}};
  table.columns.push_back({"IOPS", 11});
  table.columns.push_back({"B/W", 12});
  table.columns.push_back({"Latency", 20});
  return per_workload_table(executors, std::move(table),
                            [](const RunResult& run, const WorkloadSpec& spec, std::vector<const PhaseResult*>& parts) {
    const PhaseResult* p = part_of(run, spec.name, data_direction(spec));
    parts = {p};
    return std::vector<std::string>{iops(p), bandwidth(p), latency(p)};
  });
}

// CrystalDiskMark's row of one test for an executor's runs; nullopt when no run has it.
std::optional<SuiteTableRow> cdm_row(const Executor& e, const WorkloadSpec& spec) {
  std::vector<double> mbps, rates, latencies;
  const WorkloadPart* first_failed = nullptr;
  std::size_t failed_runs = 0;
  for (const RunResult* run : e.runs) {
    const PhaseResult* p = part_of(*run, spec.name, data_direction(spec));
    if (p == nullptr) continue;
    if (failed(p)) {  // left out of the best run and the mean
      if (first_failed == nullptr) first_failed = &*p->workload;
      ++failed_runs;
      continue;
    }
    if (const auto rate = rate_per_second(*p)) mbps.push_back(*rate / kMB);
    if (const auto rate = requests_per_second(*p)) rates.push_back(*rate);
    if (p->latency) latencies.push_back(p->latency->mean_ns);
  }
  const std::string failure =
      first_failed == nullptr ? ""
                              : fmt::format("{} of {} run{} {}{}", failed_runs, e.runs.size(),
                                            e.runs.size() == 1 ? "" : "s", failed_text(*first_failed),
                                            mbps.empty() ? "" : "; left out");
  if (mbps.empty()) {
    if (failure.empty()) return std::nullopt;
    return SuiteTableRow{{spec.name, "FAILED"}, true, failure};
  }
  const MeanStddev stats = mean_stddev(mbps);
  // CrystalDiskMark's latency is the best (lowest) run's.
  return SuiteTableRow{
      {spec.name, fmt::format("{:.2f}", *std::max_element(mbps.begin(), mbps.end())),
       fmt::format("{:.2f} ± {:.2f}", stats.mean, stats.stddev),
       format_count_si(*std::max_element(rates.begin(), rates.end())),
       latencies.empty() ? "-" : format_duration_ns(*std::min_element(latencies.begin(), latencies.end()))},
      false,
      failure};
}

SuiteTable cdm_table(const std::vector<Executor>& executors) {
  SuiteTable table{"CrystalDiskMark's table",
                   ": each test's best run in MB/s (10^6 bytes/s), as CrystalDiskMark shows it, beside the runs' "
                   "mean ± standard deviation",
                   " ",
                   {{"test", 20, true}, {"CDM MB/s", 10}, {"mean ± sd MB/s", 22}, {"IOPS", 10}, {"latency", 12}},
                   {},
                   {}};
  for (const Executor& e : executors) {
    SuiteTableGroup group{fmt::format("{} ({} run{})", e.name, e.runs.size(), e.runs.size() == 1 ? "" : "s"), {}};
    for (const WorkloadSpec& spec : e.runs.front()->info.setup.workloads) {
      if (std::optional<SuiteTableRow> row = cdm_row(e, spec)) group.rows.push_back(std::move(*row));
    }
    table.groups.push_back(std::move(group));
  }
  return table;
}

using TableOf = SuiteTable (*)(const std::vector<Executor>&);

// The suites with a table, a row each.
constexpr std::pair<std::string_view, TableOf> kSuiteTables[] = {
    {"tart", tart_table},
    {"openstack", openstack_table},
    {"cdm", cdm_table},
};

std::string text_line(const SuiteTable& table, const std::vector<std::size_t>& widths,
                      const std::vector<std::string>& cells) {
  std::string line;
  for (std::size_t i = 0; i < cells.size() && i < widths.size(); ++i) {
    if (i > 0) line += table.separator;
    line += table.columns[i].left ? fmt::format("{:<{}}", cells[i], widths[i]) : fmt::format("{:>{}}", cells[i], widths[i]);
  }
  return line + "\n";
}

}  // namespace

std::optional<SuiteTable> suite_table(const std::vector<Executor>& executors) {
  for (const auto& [suite, table_of] : kSuiteTables) {
    if (all_of_suite(executors, suite)) return table_of(executors);
  }
  return std::nullopt;
}

bool suite_has_table(const std::string& suite) {
  return std::any_of(std::begin(kSuiteTables), std::end(kSuiteTables),
                     [&](const auto& row) { return row.first == suite; });
}

std::string format_suite_table_text(const SuiteTable& table) {
  std::vector<std::size_t> widths;
  std::vector<std::string> titles;
  for (std::size_t i = 0; i < table.columns.size(); ++i) {
    const SuiteTableColumn& column = table.columns[i];
    titles.push_back(column.title);
    std::size_t width = column.width;
    if (column.widens) {
      width = std::max(width, column.title.size());
      for (const SuiteTableGroup& group : table.groups) {
        for (const SuiteTableRow& row : group.rows) {
          if (i < row.cells.size()) width = std::max(width, row.cells[i].size());
        }
      }
    }
    widths.push_back(width);
  }
  const std::string indent(widths.empty() ? 0 : widths.front() + table.separator.size(), ' ');
  std::string text = "\n" + table.name + table.explanation + "\n";
  for (const SuiteTableGroup& group : table.groups) {
    if (!group.heading.empty()) text += group.heading + "\n";
    text += text_line(table, widths, titles);
    for (const SuiteTableRow& row : group.rows) {
      text += text_line(table, widths, row.cells);
      if (!row.note.empty()) text += indent + row.note + "\n";
    }
  }
  for (const std::string& note : table.notes) text += note + "\n";
  return text;
}

std::string format_suite_table(const std::vector<Executor>& executors) {
  const std::optional<SuiteTable> table = suite_table(executors);
  return table ? format_suite_table_text(*table) : std::string();
}

}  // namespace bench
