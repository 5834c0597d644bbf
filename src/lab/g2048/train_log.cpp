#include "lab/g2048/train_log.h"

#include <charconv>
#include <cstdlib>
#include <sstream>

#include <fmt/format.h>

namespace tilestone::g2048 {

std::string train_log_header() {
  std::string h = "games,elapsed_s,games_per_s,moves_per_s,alpha,mean_score,max_score";
  for (int e : REPORTED_EXPONENTS) h += fmt::format(",r{}", 1 << e);
  return h + "\n";
}

std::string train_log_line(const TrainProgress& p) {
  std::string line = fmt::format("{},{:.1f},{:.2f},{:.0f},{:.4g},{:.1f},{:.0f}", p.games, p.elapsed_s, p.games_per_s,
                                 p.moves_per_s, p.alpha, p.mean_score, p.max_score);
  for (double r : p.rates) line += fmt::format(",{:.4f}", r);
  return line + "\n";
}

std::string train_log_until(std::string_view text, std::uint64_t games, int& dropped) {
  std::string out;
  dropped = 0;
  while (!text.empty()) {
    const std::size_t end = text.find('\n');
    const std::string_view line = text.substr(0, end == std::string_view::npos ? text.size() : end + 1);
    text.remove_prefix(line.size());
    // A block's line starts with its game count; the header and anything else stay as they are.
    std::uint64_t n = 0;
    const char* last = line.data() + line.size();
    const auto [stop, ec] = std::from_chars(line.data(), last, n);
    if (ec == std::errc() && stop != last && *stop == ',' && n > games) {
      ++dropped;
      continue;
    }
    out += line;
  }
  return out;
}

core::Result<std::vector<TrainProgress>> parse_train_log(std::string_view text) {
  std::vector<TrainProgress> out;
  std::istringstream in{std::string(text)};
  std::string line;
  int number = 0;
  while (std::getline(in, line)) {
    ++number;
    if (line.empty() || line.rfind("games", 0) == 0) continue;
    std::vector<double> f;
    std::istringstream cells(line);
    std::string cell;
    while (std::getline(cells, cell, ',')) {
      char* end = nullptr;
      f.push_back(std::strtod(cell.c_str(), &end));
      if (end == cell.c_str()) return core::fail(fmt::format("training log line {}: \"{}\" is not a number", number, cell));
    }
    if (f.size() != 7 + REPORTED_EXPONENTS.size())
      return core::fail(fmt::format("training log line {}: {} fields, expected {}", number, f.size(),
                                    7 + REPORTED_EXPONENTS.size()));
    TrainProgress p;
    p.games = static_cast<std::uint64_t>(f[0]);
    p.elapsed_s = f[1];
    p.games_per_s = f[2];
    p.moves_per_s = f[3];
    p.alpha = f[4];
    p.mean_score = f[5];
    p.max_score = f[6];
    for (std::size_t k = 0; k < p.rates.size(); ++k) p.rates[k] = f[7 + k];
    out.push_back(p);
  }
  return out;
}

core::LineChart learning_curve(const std::vector<TrainProgress>& log, const std::string& title) {
  core::LineChart c;
  c.title = title;
  c.x_label = "games trained";
  c.y_label = "mean score (per block of games)";
  c.y2_label = "games reaching the tile";
  core::LineSeries score{"mean score", {}, false};
  std::vector<core::LineSeries> rates;
  for (int e : REPORTED_EXPONENTS) rates.push_back({fmt::format("{}", 1 << e), {}, true});
  for (const TrainProgress& p : log) {
    c.x.push_back(static_cast<double>(p.games));
    score.values.push_back(p.mean_score);
    for (std::size_t k = 0; k < rates.size(); ++k) rates[k].values.push_back(100.0 * p.rates[k]);
  }
  c.series.push_back(score);
  for (auto& r : rates) c.series.push_back(r);
  return c;
}

}  // namespace tilestone::g2048
