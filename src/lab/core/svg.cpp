#include "lab/core/svg.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

namespace tilestone::core {

namespace {

constexpr const char* PALETTE[] = {"#edc22e", "#8f7a66", "#f67c5f", "#3c8dbc", "#5aa469", "#9b59b6"};

// A "nice" axis maximum: 1, 2 or 5 times a power of ten at or above `v`.
double nice_ceiling(double v) {
  if (v <= 0) return 1.0;
  const double p = std::pow(10.0, std::floor(std::log10(v)));
  for (double m : {1.0, 2.0, 5.0, 10.0})
    if (m * p >= v) return m * p;
  return 10.0 * p;
}

}  // namespace

std::string xml_escape(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&apos;"; break;
      default: out += c;
    }
  }
  return out;
}

namespace {

// The opening of a chart: the root element, the background and the title.
std::string svg_header(double width, double height, const std::string& title) {
  return fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {0} {1}\" width=\"{0}\" height=\"{1}\" "
      "font-family=\"Helvetica, Arial, sans-serif\" font-size=\"12\">\n"
      "<rect width=\"100%\" height=\"100%\" fill=\"#faf8ef\"/>\n"
      "<text x=\"{2}\" y=\"28\" text-anchor=\"middle\" font-size=\"16\" font-weight=\"bold\" fill=\"#776e65\">{3}</text>\n",
      width, height, width / 2, xml_escape(title));
}

}  // namespace

std::string render_svg(const BarChart& chart) {
  const double width = 720, height = 420;
  const double left = 64, right = 24, top = 48, bottom = 64;
  const double plot_w = width - left - right, plot_h = height - top - bottom;

  double vmax = 0;
  for (const auto& s : chart.series)
    for (double v : s.values) vmax = std::max(vmax, v);
  const double ymax = chart.percent ? 100.0 : nice_ceiling(vmax);

  std::string svg = svg_header(width, height, chart.title);

  // Step 1. Grid lines and y labels.
  for (int i = 0; i <= 5; ++i) {
    const double v = ymax * i / 5.0;
    const double y = top + plot_h - plot_h * i / 5.0;
    svg += fmt::format("<line x1=\"{}\" y1=\"{:.1f}\" x2=\"{}\" y2=\"{:.1f}\" stroke=\"#d6cdc4\"/>\n", left, y,
                       left + plot_w, y);
    svg += fmt::format("<text x=\"{}\" y=\"{:.1f}\" text-anchor=\"end\" fill=\"#776e65\">{}{}</text>\n", left - 6,
                       y + 4, v == std::floor(v) ? fmt::format("{:.0f}", v) : fmt::format("{:.2g}", v),
                       chart.percent ? "%" : "");
  }

  // Step 2. Bars, grouped by category.
  const std::size_t ncat = std::max<std::size_t>(1, chart.categories.size());
  const std::size_t nser = std::max<std::size_t>(1, chart.series.size());
  const double group_w = plot_w / static_cast<double>(ncat);
  const double bar_w = group_w * 0.8 / static_cast<double>(nser);
  for (std::size_t si = 0; si < chart.series.size(); ++si) {
    const auto& s = chart.series[si];
    const char* color = PALETTE[si % std::size(PALETTE)];
    for (std::size_t ci = 0; ci < chart.categories.size() && ci < s.values.size(); ++ci) {
      const double v = std::max(0.0, s.values[ci]);
      const double h = ymax > 0 ? plot_h * std::min(v, ymax) / ymax : 0;
      const double x = left + group_w * static_cast<double>(ci) + group_w * 0.1 + bar_w * static_cast<double>(si);
      const double y = top + plot_h - h;
      svg += fmt::format(
          "<rect x=\"{:.1f}\" y=\"{:.1f}\" width=\"{:.1f}\" height=\"{:.1f}\" fill=\"{}\"><title>{}: {} = "
          "{:.4g}</title></rect>\n",
          x, y, bar_w, h, color, xml_escape(s.name), xml_escape(chart.categories[ci]), v);
      if (v > 0 && nser == 1)
        svg += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" text-anchor=\"middle\" font-size=\"10\" fill=\"#776e65\">{:.4g}</text>\n",
                           x + bar_w / 2, y - 4, v);
    }
  }

  // Step 3. Category labels, axes titles and legend.
  for (std::size_t ci = 0; ci < chart.categories.size(); ++ci) {
    const double x = left + group_w * (static_cast<double>(ci) + 0.5);
    svg += fmt::format("<text x=\"{:.1f}\" y=\"{}\" text-anchor=\"middle\" fill=\"#776e65\">{}</text>\n", x,
                       top + plot_h + 18, xml_escape(chart.categories[ci]));
  }
  svg += fmt::format("<line x1=\"{0}\" y1=\"{1}\" x2=\"{2}\" y2=\"{1}\" stroke=\"#776e65\"/>\n", left, top + plot_h,
                     left + plot_w);
  svg += fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"middle\" fill=\"#776e65\">{}</text>\n", left + plot_w / 2,
                     height - 16, xml_escape(chart.x_label));
  svg += fmt::format(
      "<text x=\"16\" y=\"{0}\" text-anchor=\"middle\" fill=\"#776e65\" transform=\"rotate(-90 16 {0})\">{1}</text>\n",
      top + plot_h / 2, xml_escape(chart.y_label));
  for (std::size_t si = 0; si < chart.series.size(); ++si) {
    const double y = top + 4 + 16 * static_cast<double>(si);
    svg += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"10\" height=\"10\" fill=\"{}\"/>\n", left + plot_w - 150, y,
                       PALETTE[si % std::size(PALETTE)]);
    svg += fmt::format("<text x=\"{}\" y=\"{}\" fill=\"#776e65\">{}</text>\n", left + plot_w - 134, y + 9,
                       xml_escape(chart.series[si].name));
  }
  svg += "</svg>\n";
  return svg;
}

std::string render_svg(const LineChart& chart) {
  const double width = 720, height = 420;
  const double left = 72, right = 56, top = 48, bottom = 64;
  const double plot_w = width - left - right, plot_h = height - top - bottom;

  double xmin = chart.x.empty() ? 0 : chart.x.front(), xmax = chart.x.empty() ? 1 : chart.x.back();
  if (xmax <= xmin) xmax = xmin + 1;
  double vmax = 0;
  bool has_right = false;
  for (const auto& s : chart.series) {
    has_right |= s.right_axis;
    if (!s.right_axis)
      for (double v : s.values) vmax = std::max(vmax, v);
  }
  const double ymax = nice_ceiling(vmax);
  auto px = [&](double x) { return left + plot_w * (x - xmin) / (xmax - xmin); };
  auto py = [&](double v, bool pct) { return top + plot_h - plot_h * std::clamp(v / (pct ? 100.0 : ymax), 0.0, 1.0); };

  std::string svg = svg_header(width, height, chart.title);

  // Step 1. Grid lines, the left axis and (if used) the right axis in percent.
  for (int i = 0; i <= 5; ++i) {
    const double y = top + plot_h - plot_h * i / 5.0;
    svg += fmt::format("<line x1=\"{}\" y1=\"{:.1f}\" x2=\"{}\" y2=\"{:.1f}\" stroke=\"#d6cdc4\"/>\n", left, y,
                       left + plot_w, y);
    svg += fmt::format("<text x=\"{}\" y=\"{:.1f}\" text-anchor=\"end\" fill=\"#776e65\">{:.6g}</text>\n", left - 6,
                       y + 4, ymax * i / 5.0);
    if (has_right)
      svg += fmt::format("<text x=\"{}\" y=\"{:.1f}\" fill=\"#776e65\">{}%</text>\n", left + plot_w + 6, y + 4,
                         20 * i);
  }
  // Large counts read as 313k or 1.25M, not 313167 or 1.24967e+06.
  auto compact = [](double v) {
    if (std::fabs(v) >= 1e6) return fmt::format("{:.3g}M", v / 1e6);
    if (std::fabs(v) >= 1e4) return fmt::format("{:.0f}k", v / 1e3);
    return fmt::format("{:.6g}", v);
  };
  for (int i = 0; i <= 4; ++i) {
    const double x = xmin + (xmax - xmin) * i / 4.0;
    svg += fmt::format("<text x=\"{:.1f}\" y=\"{}\" text-anchor=\"middle\" fill=\"#776e65\">{}</text>\n", px(x),
                       top + plot_h + 18, compact(x));
  }

  // Step 2. One polyline per series.
  for (std::size_t si = 0; si < chart.series.size(); ++si) {
    const auto& s = chart.series[si];
    std::string points;
    for (std::size_t i = 0; i < s.values.size() && i < chart.x.size(); ++i)
      points += fmt::format("{:.1f},{:.1f} ", px(chart.x[i]), py(s.values[i], s.right_axis));
    svg += fmt::format("<polyline fill=\"none\" stroke=\"{}\" stroke-width=\"{}\" points=\"{}\"/>\n",
                       PALETTE[si % std::size(PALETTE)], s.right_axis ? 1.5 : 2.5, points);
  }

  // Step 3. Axes titles and legend.
  svg += fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"middle\" fill=\"#776e65\">{}</text>\n", left + plot_w / 2,
                     height - 16, xml_escape(chart.x_label));
  svg += fmt::format(
      "<text x=\"16\" y=\"{0}\" text-anchor=\"middle\" fill=\"#776e65\" transform=\"rotate(-90 16 {0})\">{1}</text>\n",
      top + plot_h / 2, xml_escape(chart.y_label));
  if (has_right)
    svg += fmt::format(
        "<text x=\"{0}\" y=\"{1}\" text-anchor=\"middle\" fill=\"#776e65\" transform=\"rotate(90 {0} {1})\">{2}</text>\n",
        width - 12, top + plot_h / 2, xml_escape(chart.y2_label));
  // The legend sits on a pale box, so that the lines it covers do not cross its names.
  if (!chart.series.empty())
    svg += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"112\" height=\"{}\" fill=\"#faf8ef\" fill-opacity=\"0.85\" "
                       "stroke=\"#d6cdc4\"/>\n",
                       left + 2, top, 8 + 16 * static_cast<double>(chart.series.size()));
  for (std::size_t si = 0; si < chart.series.size(); ++si) {
    const double y = top + 4 + 16 * static_cast<double>(si);
    svg += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"10\" height=\"10\" fill=\"{}\"/>\n", left + 8, y,
                       PALETTE[si % std::size(PALETTE)]);
    svg += fmt::format("<text x=\"{}\" y=\"{}\" fill=\"#776e65\">{}</text>\n", left + 24, y + 9,
                       xml_escape(chart.series[si].name));
  }
  svg += "</svg>\n";
  return svg;
}

}  // namespace tilestone::core
