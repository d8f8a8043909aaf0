#include "report/html/run_html.h"

#include <functional>

#include <fmt/format.h>

#include "report/html/html_page.h"
#include "report/html/html_text.h"
#include "report/html/per_second_svg.h"
#include "report/html/suite_table_html.h"
#include "report/text/latency_table.h"
#include "report/text/run_text.h"
#include "report/text/workload_table.h"
#include "result/metrics.h"
#include "result/result_keywords.h"
#include "result/statistics.h"
#include "result/test_id.h"

namespace bench {
namespace {

// A rate of the phase's test in its unit.
std::string rate_text(const PhaseResult& phase, double rate) {
  const WorkUnit unit = test_work_unit(phase);
  if (!phase.workload) return format_rate(unit, rate);  // bonnie++'s tests as the measured section has them
  if (unit == WorkUnit::kBytes) return fmt::format("{:.1f} MiB/s", rate / (1024.0 * 1024.0));
  return fmt::format("{:.0f} {}", rate, rate_symbol(unit));
}

std::string rate_cell(const PhaseResult& phase) {
  const std::optional<double> rate = rate_per_second(phase);
  return rate ? rate_text(phase, *rate) : "-";
}

std::string latency_cells(const std::optional<LatencySummary>& l) {
  std::string cells;
  if (!l) {
    for (int i = 0; i < 7; ++i) cells += "<td></td>";
    return cells;
  }
  for (const double ns : {static_cast<double>(l->min_ns), l->mean_ns, static_cast<double>(l->p50_ns),
                          static_cast<double>(l->p90_ns), static_cast<double>(l->p99_ns),
                          static_cast<double>(l->p999_ns), static_cast<double>(l->max_ns)}) {
    cells += "<td class=\"number\">" + format_duration_ns(ns) + "</td>";
  }
  return cells;
}

// The part's failure when its job failed (WorkloadPart::failure), else nullptr.
const WorkloadPart* failed_part(const PhaseResult& phase) {
  return phase.workload && phase.workload->failure ? &*phase.workload : nullptr;
}

// One row per test and run: its rate, %CPU, latency percentiles and what the outputs note of it; a failed job's
// row marked (class "failed"), its note the error and message, as the text table's FAILED row and note.
std::string percentile_table(const std::vector<RunResult>& runs) {
  std::string rows;
  for (const RunResult& run : runs) {
    for (const PhaseResult& phase : run.phases) {
      const std::optional<double> cpu = cpu_percent(phase);
      const WorkloadPart* failed = failed_part(phase);
      std::string note = failed ? failed_text(*failed) + "; its figures are what it did before" : "";
      if (too_fast(phase)) note += (note.empty() ? "" : "; ") + std::string("under 0.5 s");
      if (phase.cached_percent && *phase.cached_percent >= 5) {
        note += fmt::format("{}{:.0f} % cached", note.empty() ? "" : "; ", *phase.cached_percent);
      }
      rows += fmt::format("<tr{}><td>{}{}</td>{}<td>{}</td><td class=\"number\">{}</td><td class=\"number\">{}</td>{}"
                          "<td>{}</td></tr>\n",
                          failed ? " class=\"failed\"" : "", html_text(test_short_title(test_id(phase))),
                          failed ? " <strong>FAILED</strong>" : "",
                          runs.size() > 1 ? fmt::format("<td>{}</td>", run.info.run_index + 1) : "",
                          html_text(test_key(test_id(phase))), html_text(rate_cell(phase)),
                          cpu ? fmt::format("{:.0f}", *cpu) : "-", latency_cells(phase.latency), html_text(note));
    }
  }
  return fmt::format("<h2>Rates and latency</h2>\n<table class=\"glance\">\n<tr><th>test</th>{}<th>key</th>"
                     "<th>rate</th><th>%CPU</th><th>min</th><th>mean</th><th>p50</th><th>p90</th><th>p99</th>"
                     "<th>p99.9</th><th>max</th><th>note</th></tr>\n{}</table>\n",
                     runs.size() > 1 ? "<th>run</th>" : "", rows);
}

// "mean ± sd" of the values in a cell (sample standard deviation, as compare gives a group's), "-" without any.
std::string spread_cell(const std::vector<double>& values, const std::function<std::string(double)>& text) {
  if (values.empty()) return "<td class=\"number\">-</td>";
  const MeanStddev stats = mean_stddev(values);
  return fmt::format("<td class=\"number\">{} ± {}</td>", html_text(text(stats.mean)), html_text(text(stats.stddev)));
}

// With repeats, per test of the first run: the mean ± sample standard deviation over the runs of its rate, mean
// latency and p99, as compare gives a group's; a run whose job failed in the test is left out and counted. "" for
// one run.
std::string repeats_table(const std::vector<RunResult>& runs) {
  if (runs.size() < 2) return {};
  std::string rows;
  for (const PhaseResult& first : runs.front().phases) {
    const TestId id = test_id(first);
    std::vector<double> rates, means, p99s;
    std::size_t measured = 0, failed = 0;
    for (const RunResult& run : runs) {
      const PhaseResult* phase = find_test(run, id);
      if (phase == nullptr) continue;
      if (failed_part(*phase) != nullptr) {
        ++failed;
        continue;
      }
      ++measured;
      if (const std::optional<double> rate = rate_per_second(*phase)) rates.push_back(*rate);
      if (phase->latency) {
        means.push_back(phase->latency->mean_ns);
        p99s.push_back(static_cast<double>(phase->latency->p99_ns));
      }
    }
    const auto duration = [](double ns) { return format_duration_ns(ns); };
    rows += fmt::format("<tr><td>{}</td><td>{}</td><td class=\"number\">{}{}</td>{}{}{}</tr>\n",
                        html_text(test_short_title(id)), html_text(test_key(id)), measured,
                        failed == 0 ? "" : fmt::format(" ({} FAILED)", failed),
                        spread_cell(rates, [&](double rate) { return rate_text(first, rate); }),
                        spread_cell(means, duration), spread_cell(p99s, duration));
  }
  return fmt::format("<h2>Mean of the {} runs</h2>\n<p class=\"rule\">Each test's mean ± sample standard deviation "
                     "over the runs; each run's figures follow.</p>\n<table class=\"glance\">\n<tr><th>test</th>"
                     "<th>key</th><th>runs</th><th>rate</th><th>latency mean</th><th>p99</th></tr>\n{}</table>\n",
                     runs.size(), rows);
}

// Per test of the first run, in its order: the CDF of that test in every run that has it, and a workload's
// per-second charts. A run whose job failed in the test is left out of its charts and said so above them: its
// figures stop at the failure, and a line beside the others would read as a result.
std::string cdf_sections(const std::vector<RunResult>& runs) {
  std::string out;
  for (const PhaseResult& first : runs.front().phases) {
    const TestId id = test_id(first);
    std::vector<CdfSeries> series;
    std::vector<RateSeries> rates;
    std::vector<RateSeries> latencies;
    std::string failures;
    for (const RunResult& run : runs) {
      const PhaseResult* phase = find_test(run, id);
      if (phase == nullptr) continue;
      const std::string name = runs.size() > 1 ? fmt::format("run {}", run.info.run_index + 1) : run.info.label;
      if (const WorkloadPart* failed = failed_part(*phase)) {
        failures += fmt::format("<p class=\"failed\">{}{}; left out of the charts</p>\n",
                                runs.size() > 1 ? html_text(name) + ": " : "", html_text(failed_text(*failed)));
        continue;
      }
      series.push_back({name, &phase->latency_histogram});
      if (phase->workload) {
        rates.push_back({name, &phase->workload->per_second});
        latencies.push_back({name, &phase->workload->mean_latency_ns_per_second});
      }
    }
    const std::string figure =
        latency_cdf_figure(series) + per_second_figure(rates) + latency_per_second_figure(latencies);
    if (figure.empty() && failures.empty()) continue;
    out += fmt::format("<section>\n<h2>{}<code>{}</code></h2>\n{}{}</section>\n", html_text(test_title(id)),
                       html_text(test_key(id)), failures,
                       figure.empty() ? "" : "<div class=\"charts\">\n" + figure + "</div>\n");
  }
  return out;
}

}  // namespace

std::string format_run_html(const std::vector<RunResult>& runs) {
  const RunInfo& info = runs.front().info;
  std::string texts;
  for (const RunResult& run : runs) {
    const std::string heading = runs.size() > 1 ? fmt::format("<h2>Run {} of {}</h2>\n", run.info.run_index + 1,
                                                              runs.size())
                                                : "";
    if (!run.phases.empty()) texts += heading + "<pre class=\"run\">" + html_text(format_result_text(run)) + "</pre>\n";
  }
  const std::string facts =
      fmt::format("<p class=\"rule\">{} · started {} · bench++ {} · {} · {} ({} {})</p>\n",
                  html_text(info.host_name), html_text(info.started_utc), html_text(info.version),
                  html_text(info.kernel), html_text(info.directory), html_text(info.filesystem),
                  html_text(info.mount_options));
  Executor all{info.label, {}};
  for (const RunResult& run : runs) all.runs.push_back(&run);
  return html_page("bench++: " + info.label, "bench++: " + info.label,
                   facts + suite_table_section({all}) + repeats_table(runs) + texts + percentile_table(runs) + cdf_sections(runs));
}

}  // namespace bench
