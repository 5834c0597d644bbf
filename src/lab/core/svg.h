#pragma once
// Self-contained SVG charts for benchmark reports (no scripts, no external fonts).

#include <string>
#include <vector>

namespace tilestone::core {

struct BarSeries {
  std::string name;            ///< legend label
  std::vector<double> values;  ///< one value per category
};

struct BarChart {
  std::string title;
  std::string x_label;
  std::string y_label;
  std::vector<std::string> categories;
  std::vector<BarSeries> series;
  bool percent = false;  ///< values are percentages: the y axis runs 0..100
};

/// Renders a grouped bar chart as a standalone SVG document.
std::string render_svg(const BarChart& chart);

struct LineSeries {
  std::string name;
  std::vector<double> values;  ///< one value per x
  bool right_axis = false;     ///< drawn against the right axis (a percentage, 0..100)
};

/// Lines over a shared x axis: a left axis scaled to its series, an optional right axis in percent.
struct LineChart {
  std::string title;
  std::string x_label;
  std::string y_label;        ///< the left axis
  std::string y2_label;       ///< the right axis (percent), when a series uses it
  std::vector<double> x;
  std::vector<LineSeries> series;
};

/// Renders a line chart as a standalone SVG document.
std::string render_svg(const LineChart& chart);

/// Escapes text for XML content and attributes.
std::string xml_escape(const std::string& text);

}  // namespace tilestone::core
