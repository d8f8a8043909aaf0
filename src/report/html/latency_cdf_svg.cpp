#include "report/html/latency_cdf_svg.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "measure/latency_histogram.h"
#include "report/html/html_text.h"

namespace bench {
namespace {

constexpr int kWidth = 640;
constexpr int kHeight = 260;
constexpr int kLeft = 48;
constexpr int kRight = 16;
constexpr int kTop = 12;
constexpr int kAxisLabels = 22;   // under the plot
constexpr int kLegendLine = 16;   // each line of the legend under that

constexpr std::array<std::string_view, 6> kColours = {"#8a94a6", "#4a7bd0", "#d2453a", "#2e9e5b", "#9b59b6",
                                                      "#e08a1e"};

// "1us", "10us", "100us", "1ms", ...: a decade's tick label.
std::string decade_label(double decade) {
  constexpr std::array<std::string_view, 4> kUnits = {"ns", "us", "ms", "s"};
  const int power = static_cast<int>(decade);
  const int unit = std::min(power / 3, 3);
  return fmt::format("{}{}", static_cast<long long>(std::llround(std::pow(10.0, power - 3 * unit))), kUnits[unit]);
}

// Legend entries laid out in lines that fit the chart's width: (x, line) per series.
std::vector<std::pair<double, int>> legend_places(const std::vector<CdfSeries>& series) {
  std::vector<std::pair<double, int>> places;
  double x = kLeft;
  int line = 0;
  for (const CdfSeries& s : series) {
    const double width = 24 + 7.0 * static_cast<double>(std::min<std::size_t>(s.name.size(), 60));
    if (x + width > kWidth - kRight && x > kLeft) {
      x = kLeft;
      ++line;
    }
    places.emplace_back(x, line);
    x += width;
  }
  return places;
}

}  // namespace

std::string_view cdf_colour(std::size_t index) { return kColours[index % kColours.size()]; }

std::string_view cdf_dashes(std::size_t index) {
  // Solid, dashed, dotted, dash-dot: lines that cross or lie on one another still tell apart, in grey print too.
  static constexpr std::string_view kDashes[] = {"", "7 4", "2 3", "10 3 2 3"};
  return kDashes[index % std::size(kDashes)];
}

std::string latency_cdf_svg(const std::vector<CdfSeries>& series) {
  double low = 0, high = 0;
  bool any = false;
  for (const CdfSeries& s : series) {
    if (s.histogram == nullptr || s.histogram->empty()) continue;
    const double first = static_cast<double>(LatencyHistogram::bucket_midpoint(s.histogram->front().first));
    const double last = static_cast<double>(LatencyHistogram::bucket_midpoint(s.histogram->back().first));
    low = any ? std::min(low, first) : first;
    high = any ? std::max(high, last) : last;
    any = true;
  }
  if (!any) return {};
  // Whole decades around the samples, at least one.
  const double first_decade = std::floor(std::log10(std::max(low, 1.0)));
  const double last_decade = std::max(first_decade + 1, std::ceil(std::log10(std::max(high, 1.0))));
  const std::vector<std::pair<double, int>> legend = legend_places(series);
  const int legend_lines = legend.empty() ? 1 : legend.back().second + 1;
  const int height = kHeight + (legend_lines - 1) * kLegendLine;
  const int plot_bottom = kHeight - kAxisLabels - kLegendLine;
  const double plot_width = kWidth - kLeft - kRight;
  const double plot_height = plot_bottom - kTop;
  const auto x_of = [&](double ns) {
    return kLeft + (std::log10(std::max(ns, 1.0)) - first_decade) / (last_decade - first_decade) * plot_width;
  };
  const auto y_of = [&](double share) { return kTop + (1 - share) * plot_height; };
  std::string svg = fmt::format(R"(<svg class="cdf" width="{0}" height="{1}" viewBox="0 0 {0} {1}" role="img">)",
                                kWidth, height);
  for (const double share : {0.0, 0.5, 0.9, 1.0}) {
    svg += fmt::format(R"(<line x1="{}" y1="{:.1f}" x2="{}" y2="{:.1f}" stroke="#e3e7ee"/>)", kLeft, y_of(share),
                       kWidth - kRight, y_of(share));
    svg += fmt::format(R"(<text x="{}" y="{:.1f}" text-anchor="end">{}%</text>)", kLeft - 4, y_of(share) + 4,
                       share * 100);
  }
  for (double decade = first_decade; decade <= last_decade; ++decade) {
    const double x = x_of(std::pow(10.0, decade));
    svg += fmt::format(R"(<line x1="{0:.1f}" y1="{1}" x2="{0:.1f}" y2="{2}" stroke="#e3e7ee"/>)", x, kTop,
                       plot_bottom);
    const char* anchor = decade == first_decade ? "start" : decade == last_decade ? "end" : "middle";
    svg += fmt::format(R"(<text x="{:.1f}" y="{}" text-anchor="{}">{}</text>)", x, plot_bottom + 15, anchor,
                       decade_label(decade));
  }
  for (std::size_t i = 0; i < series.size(); ++i) {
    const CdfSeries& s = series[i];
    if (s.histogram == nullptr || s.histogram->empty()) continue;
    std::uint64_t total = 0;
    for (const auto& [bucket, count] : *s.histogram) total += count;
    std::string points = fmt::format("{:.1f},{:.1f}", x_of(static_cast<double>(LatencyHistogram::bucket_midpoint(
                                                           s.histogram->front().first))),
                                     y_of(0));
    std::uint64_t below = 0;
    for (const auto& [bucket, count] : *s.histogram) {
      below += count;
      points += fmt::format(" {:.1f},{:.1f}", x_of(static_cast<double>(LatencyHistogram::bucket_midpoint(bucket))),
                            y_of(static_cast<double>(below) / static_cast<double>(total)));
    }
    const std::string dashes =
        cdf_dashes(i).empty() ? "" : fmt::format(R"( stroke-dasharray="{}")", cdf_dashes(i));
    svg += fmt::format(R"(<polyline fill="none" stroke="{}" stroke-width="2"{} points="{}"><title>{}</title></polyline>)",
                       cdf_colour(i), dashes, points, html_text(s.name));
    const auto [legend_x, line] = legend[i];
    const int legend_y = plot_bottom + kAxisLabels + line * kLegendLine;
    svg += fmt::format(R"(<line x1="{:.1f}" y1="{}" x2="{:.1f}" y2="{}" stroke="{}" stroke-width="2"{}/>)", legend_x - 2,
                       legend_y + 5, legend_x + 11, legend_y + 5, cdf_colour(i), dashes);
    svg += fmt::format(R"(<text x="{:.1f}" y="{}">{}</text>)", legend_x + 14, legend_y + 9, html_text(s.name));
  }
  return svg + "</svg>";
}

}  // namespace bench
