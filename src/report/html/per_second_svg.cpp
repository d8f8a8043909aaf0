#include "report/html/per_second_svg.h"

#include <fmt/format.h>

#include <algorithm>

#include "report/html/html_text.h"
#include "report/html/latency_cdf_svg.h"
#include "report/text/latency_table.h"

namespace bench {
namespace {

constexpr double kWidth = 640, kHeight = 240, kLeft = 64, kRight = 16, kTop = 12, kBottom = 32;

// One line chart of per-second values: `axis` writes the top value, `caption` heads it; with `gaps`, a 0 breaks
// the line (a second without requests has no latency).
std::string series_figure(const std::vector<RateSeries>& series, const std::string& caption,
                          std::string (*axis)(double), bool gaps) {
  std::size_t seconds = 0;
  double highest = 0;
  for (const RateSeries& s : series) {
    if (s.per_second == nullptr || s.per_second->size() < 2) continue;
    seconds = std::max(seconds, s.per_second->size());
    highest = std::max(highest, *std::max_element(s.per_second->begin(), s.per_second->end()));
  }
  if (seconds < 2 || highest <= 0) return {};
  const double plot_width = kWidth - kLeft - kRight, plot_height = kHeight - kTop - kBottom;
  const auto x_of = [&](std::size_t second) {
    return kLeft + plot_width * static_cast<double>(second) / static_cast<double>(seconds - 1);
  };
  const auto y_of = [&](double value) { return kTop + plot_height * (1.0 - value / highest); };
  std::string svg = fmt::format("<svg viewBox=\"0 0 {} {}\" role=\"img\">\n", kWidth, kHeight);
  svg += fmt::format("<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"#888\"/>\n", kLeft, y_of(0),
                     kWidth - kRight, y_of(0));
  svg += fmt::format("<text x=\"{}\" y=\"{:.1f}\" text-anchor=\"end\" font-size=\"11\">{}</text>\n",
                     kLeft - 4, y_of(highest) + 4, html_text(axis(highest)));
  svg += fmt::format("<text x=\"{}\" y=\"{:.1f}\" text-anchor=\"end\" font-size=\"11\">0</text>\n", kLeft - 4,
                     y_of(0) + 4);
  svg += fmt::format("<text x=\"{:.1f}\" y=\"{}\" text-anchor=\"middle\" font-size=\"11\">{} s</text>\n",
                     x_of(seconds - 1), kHeight - 8, seconds);
  std::string legend;
  for (std::size_t i = 0; i < series.size(); ++i) {
    const RateSeries& s = series[i];
    if (s.per_second == nullptr || s.per_second->size() < 2) continue;
    std::vector<std::string> pieces(1);  // the line's pieces: with gaps, a 0 ends one
    for (std::size_t second = 0; second < s.per_second->size(); ++second) {
      const double value = (*s.per_second)[second];
      if (gaps && value <= 0) {
        if (!pieces.back().empty()) pieces.emplace_back();
        continue;
      }
      std::string& points = pieces.back();
      points += fmt::format("{}{:.1f},{:.1f}", points.empty() ? "" : " ", x_of(second), y_of(value));
    }
    for (const std::string& points : pieces) {
      if (points.empty()) continue;
      svg += fmt::format("<polyline fill=\"none\" stroke=\"{}\" stroke-width=\"1.5\" points=\"{}\"><title>{}</title>"
                         "</polyline>\n",
                         cdf_colour(i), points, html_text(s.name));
    }
    legend += fmt::format("<span style=\"color:{}\">&#9632; {}</span> ", cdf_colour(i), html_text(s.name));
  }
  svg += "</svg>\n";
  return "<figure class=\"wide\"><figcaption>" + caption + " " + legend + "</figcaption>\n" + svg + "</figure>\n";
}

std::string rate_axis(double rate) { return fmt::format("{:.0f}/s", rate); }

}  // namespace

std::string per_second_figure(const std::vector<RateSeries>& series) {
  return series_figure(series, "requests per second <span>(each whole second of the measured time)</span>",
                       rate_axis, false);
}

std::string latency_per_second_figure(const std::vector<RateSeries>& series) {
  return series_figure(series, "mean latency per second <span>(of the requests completed in each second)</span>",
                       [](double ns) { return format_duration_ns(ns); }, true);
}

}  // namespace bench
