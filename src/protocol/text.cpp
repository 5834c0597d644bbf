#include "protocol/text.h"

#include <cctype>
#include <limits>

namespace tilestone::protocol {

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

std::string upper(std::string_view s) {
  std::string out;
  for (char ch : s) out += static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
  return out;
}

std::optional<std::int64_t> parse_int(std::string_view s) {
  s = trim(s);
  bool negative = false;
  if (!s.empty() && (s.front() == '-' || s.front() == '+')) {
    negative = s.front() == '-';
    s.remove_prefix(1);
  }
  if (s.empty()) return std::nullopt;
  // Accumulate towards the signed end so that INT64_MIN itself is representable.
  constexpr std::int64_t LOW = std::numeric_limits<std::int64_t>::min();
  std::int64_t v = 0;
  bool saturated = false;
  for (char ch : s) {
    if (ch < '0' || ch > '9') return std::nullopt;
    const int digit = ch - '0';
    if (saturated) continue;
    if (v < (LOW + digit) / 10) {
      saturated = true;
      continue;
    }
    v = v * 10 - digit;
  }
  if (saturated) return negative ? LOW : std::numeric_limits<std::int64_t>::max();
  if (!negative && v == LOW) return std::numeric_limits<std::int64_t>::max();
  return negative ? v : -v;
}

std::optional<std::vector<std::int64_t>> parse_ints(std::string_view s) {
  std::vector<std::int64_t> out;
  while (true) {
    const auto comma = s.find(',');
    const auto v = parse_int(s.substr(0, comma));
    if (!v) return std::nullopt;
    out.push_back(*v);
    if (comma == std::string_view::npos) break;
    s.remove_prefix(comma + 1);
  }
  return out;
}

std::optional<gomoku::Point> on_board(std::int64_t x, std::int64_t y, int size) {
  if (x < 0 || y < 0 || x >= size || y >= size) return std::nullopt;
  return gomoku::Point{static_cast<int>(x), static_cast<int>(y)};
}

std::string format_point(gomoku::Point p) { return std::to_string(p.x) + "," + std::to_string(p.y); }

}  // namespace tilestone::protocol
