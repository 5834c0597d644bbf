#include "app/cli_values.h"

#include <charconv>
#include <cmath>
#include <limits>
#include <string>
#include <system_error>

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace tilestone::app {

namespace {

// from_chars reads plain decimal only (no spaces, '+', or base prefixes) and reports overflow.
template <class T>
bool parse_whole(const std::string& s, T& out) {
  if (s.empty()) return false;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
  return ec == std::errc{} && end == s.data() + s.size();
}

}  // namespace

CLI::Validator integer_in(std::int64_t lo, std::int64_t hi) {
  const std::string range = fmt::format("a whole number from {} to {}", lo, hi);
  return CLI::Validator(
      [lo, hi, range](std::string& s) -> std::string {
        std::int64_t v = 0;
        // "010" would be octal to CLI11; a leading zero is allowed only for 0 itself.
        const bool leading_zero = s.size() > 1 && (s[0] == '0' || (s[0] == '-' && s[1] == '0'));
        if (leading_zero || !parse_whole(s, v) || v < lo || v > hi) return fmt::format("'{}' is not {}", s, range);
        return {};
      },
      std::string());
}

CLI::Validator seed_value() {
  return CLI::Validator(
      [](std::string& s) -> std::string {
        std::uint64_t v = 0;
        if ((s.size() > 1 && s[0] == '0') || !parse_whole(s, v))
          return fmt::format("'{}' is not a seed: a whole number from 0 to {}", s, std::numeric_limits<std::uint64_t>::max());
        return {};
      },
      std::string());
}

CLI::Validator number_in(double lo, double hi) {
  const std::string range = fmt::format("a number from {} to {}", lo, hi);
  return CLI::Validator(
      [lo, hi, range](std::string& s) -> std::string {
        double v = 0;
        // from_chars takes neither hex without its format flag nor a leading '+' or space.
        const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
        const bool whole = !s.empty() && ec == std::errc{} && end == s.data() + s.size();
        if (!whole || !std::isfinite(v) || v < lo || v > hi) return fmt::format("'{}' is not {}", s, range);
        return {};
      },
      std::string());
}

CLI::Validator non_empty() {
  return CLI::Validator([](std::string& s) -> std::string { return s.empty() ? "must not be empty" : std::string(); },
                        std::string());
}

CLI::Validator one_of(std::vector<std::string> names) {
  return CLI::Validator(
      [names](std::string& s) -> std::string {
        for (const auto& n : names)
          if (s == n) return {};
        return fmt::format("'{}' is not one of {}", s, fmt::join(names, ", "));
      },
      std::string());
}

}  // namespace tilestone::app
