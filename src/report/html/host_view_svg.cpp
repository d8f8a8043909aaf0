#include "report/html/host_view_svg.h"

#include <algorithm>

#include <fmt/format.h>

#include "report/comparison_values.h"
#include "report/html/html_text.h"
#include "report/html/latency_cdf_svg.h"

namespace bench {
namespace {

using F = HostViewFigure;

constexpr int kWidth = 640, kLabelWidth = 120, kBarWidth = 500, kRowHeight = 42;
constexpr std::array<F, 3> kParts = {F::kGuestSide, F::kAboveDevice, F::kHostDevice};
constexpr std::array<F, 3> kShares = {F::kGuestSideShare, F::kAboveDeviceShare, F::kHostDeviceShare};

const std::optional<FigureSpread>& figure(const DirectionSpread& direction, F f) {
  return direction.figures[static_cast<std::size_t>(f)];
}

double median_or_0(const DirectionSpread& direction, F f) {
  const auto& value = figure(direction, f);
  return value ? value->median : 0;
}

struct Bar {
  std::string name;
  const WorkloadDecomposition* workload = nullptr;
};

std::string bar_row(const Bar& bar, int y, double scale) {
  std::string out = fmt::format(R"(<text x="{}" y="{}" text-anchor="end">{}</text>)", kLabelWidth - 6, y + 17,
                                html_text(shortened(bar.name, 18)));
  if (bar.workload->why_none) {
    return out + fmt::format(R"(<text class="missing" x="{}" y="{}">no figures: {}</text>)", kLabelWidth, y + 17,
                             html_text(*bar.workload->why_none));
  }
  const DirectionSpread& all = bar.workload->directions.front();
  double x = kLabelWidth;
  std::vector<std::string> numbers;
  for (std::size_t p = 0; p < kParts.size(); ++p) {
    const auto& part = figure(all, kParts[p]);
    if (!part) {
      numbers.push_back(p == 2 && !figure(all, F::kDeviceTime) ? "device not measured" : "–");
      continue;
    }
    const double w = part->median / scale * kBarWidth;
    out += fmt::format(R"(<rect x="{:.1f}" y="{}" width="{:.1f}" height="18" fill="{}"><title>{}: {} µs ({:.0f} %)</title></rect>)",
                       x, y + 4, w, cdf_colour(p), html_text(kStackPartTitles[p]), format_number(part->median / 1000),
                       median_or_0(all, kShares[p]));
    x += w;
    numbers.push_back(fmt::format("{} µs ({:.0f} %)", format_number(part->median / 1000), median_or_0(all, kShares[p])));
  }
  std::string text;
  for (const std::string& number : numbers) text += (text.empty() ? "" : " / ") + number;
  return out + fmt::format(R"(<text x="{}" y="{}">{}</text>)", kLabelWidth, y + 36, html_text(text));
}

std::string details(const Bar& bar) {
  if (bar.workload->why_none) return {};
  const DirectionSpread& all = bar.workload->directions.front();
  const auto shown = [&](F f, std::string_view unit) {
    const auto& value = figure(all, f);
    return value ? format_number(value->median) + std::string(unit) : std::string("–");
  };
  std::string notes;
  for (const std::string& note : all.notes) notes += "<br>note: " + html_text(note);
  return fmt::format(
      "<li><b>{}</b>: {}<br>host device requests per guest request {}, bytes per guest byte {}, QEMU requests per "
      "guest request {}; CPU per guest request: QEMU {} (vCPUs {}, IOThreads {}, main loop {}, workers {}), the "
      "guest {}{}</li>",
      html_text(bar.name), html_text(bar.workload->reading), shown(F::kDeviceRequests, ""), shown(F::kDeviceBytes, ""),
      shown(F::kQemuRequests, ""), shown(F::kQemuCpu, " µs"), shown(F::kVcpuCpu, " µs"), shown(F::kIothreadCpu, " µs"),
      shown(F::kMainLoopCpu, " µs"), shown(F::kWorkerCpu, " µs"), shown(F::kGuestCpu, " µs"), notes);
}

std::string workload_figure(const std::string& workload, const std::vector<Bar>& bars) {
  double scale = 0;
  for (const Bar& bar : bars) {
    if (bar.workload->why_none) continue;
    double sum = 0;
    for (const F part : kParts) sum += median_or_0(bar.workload->directions.front(), part);
    scale = std::max(scale, sum);
  }
  if (scale <= 0) scale = 1;
  const int height = static_cast<int>(bars.size()) * kRowHeight + 8;
  std::string rows, items;
  for (std::size_t b = 0; b < bars.size(); ++b) {
    rows += bar_row(bars[b], 4 + static_cast<int>(b) * kRowHeight, scale);
    items += details(bars[b]);
  }
  std::string legend;
  for (std::size_t p = 0; p < kStackPartTitles.size(); ++p) {
    legend += fmt::format("<span class=\"swatch\" style=\"background:{}\"></span>{}", cdf_colour(p),
                          html_text(kStackPartTitles[p]));
  }
  return fmt::format(
      "<figure class=\"wide\"><figcaption>{} <span>(the guest's mean latency per request, µs)</span> {}</figcaption>\n"
      "<svg width=\"{}\" height=\"{}\" viewBox=\"0 0 {} {}\" role=\"img\" aria-label=\"where the guest's time went in "
      "{}\">{}</svg>\n<ul class=\"phrases\">{}</ul></figure>\n",
      html_text(workload), legend, kWidth, height, kWidth, height, html_text(workload), rows, items);
}

}  // namespace

std::string host_view_section(const std::vector<GroupDecomposition>& groups) {
  std::vector<std::string> workloads;  // in order of first appearance
  for (const GroupDecomposition& group : groups) {
    for (const WorkloadDecomposition& w : group.workloads) {
      if (std::find(workloads.begin(), workloads.end(), w.workload) == workloads.end()) workloads.push_back(w.workload);
    }
  }
  if (workloads.empty()) return {};
  std::string figures;
  for (const std::string& workload : workloads) {
    std::vector<Bar> bars;
    for (const GroupDecomposition& group : groups) {
      for (const WorkloadDecomposition& w : group.workloads) {
        if (w.workload == workload) bars.push_back({group.group, &w});
      }
    }
    figures += workload_figure(workload, bars);
  }
  return "<section>\n<h2>Where the guest's time went</h2>\n<p class=\"rule\">Per guest request, the median over a "
         "group's runs: the guest's mean latency split into the guest's side (its kernel, the virtual device, vCPU "
         "exits; under TCG the emulation too), QEMU and the host above the device (QEMU's block layer, the image "
         "format, the host's file system and page cache), and the host device (its block layer's time). The man "
         "page's compare section says how each figure is computed; --json and --csv have the ranges.</p>\n"
         "<div class=\"charts\">\n" +
         figures + "</div>\n</section>\n";
}

}  // namespace bench
