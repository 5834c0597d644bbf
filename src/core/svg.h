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

/// Escapes text for XML content and attributes.
std::string xml_escape(const std::string& text);

}  // namespace tilestone::core
