#include "g2048/grid.h"

#include <algorithm>
#include <cctype>

#include <fmt/format.h>

namespace tilestone::g2048 {

int Grid::empty_count() const { return static_cast<int>(std::count(cells.begin(), cells.end(), 0)); }

int Grid::max_exponent() const { return *std::max_element(cells.begin(), cells.end()); }

std::uint64_t Grid::max_tile() const {
  const int e = max_exponent();
  return e == 0 ? 0 : std::uint64_t{1} << e;
}

Board Grid::to_board() const {
  std::uint64_t bits = 0;
  for (int i = 0; i < 16; ++i)
    bits |= static_cast<std::uint64_t>(std::min<int>(cells[i], MAX_BOARD_EXPONENT)) << (4 * i);
  return Board(bits);
}

Grid Grid::from_board(Board b) {
  Grid g;
  for (int i = 0; i < 16; ++i) g.cells[i] = static_cast<std::uint8_t>(b.at(i));
  return g;
}

namespace {

// The cells of line `k` (row or column) in the order a slide in `d` visits them: wall first.
std::array<int, 4> line_cells(Dir d, int k) {
  std::array<int, 4> idx{};
  for (int j = 0; j < 4; ++j) {
    switch (d) {
      case Dir::Left: idx[j] = 4 * k + j; break;
      case Dir::Right: idx[j] = 4 * k + (3 - j); break;
      case Dir::Up: idx[j] = 4 * j + k; break;
      case Dir::Down: idx[j] = 4 * (3 - j) + k; break;
    }
  }
  return idx;
}

}  // namespace

SlideResult slide(const Grid& g, Dir d) {
  SlideResult r;
  for (int k = 0; k < 4; ++k) {
    const auto idx = line_cells(d, k);
    std::array<int, 4> line{};
    for (int j = 0; j < 4; ++j) line[j] = g.cells[idx[j]];
    const RowSlide s = slide_row(line, MAX_GRID_EXPONENT);
    r.gain += s.gain;
    for (int j = 0; j < 4; ++j) {
      r.grid.cells[idx[j]] = static_cast<std::uint8_t>(s.cells[j]);
      if (s.dest[j] >= 0) r.motions.push_back({idx[j], idx[s.dest[j]], line[j], s.merged[s.dest[j]]});
    }
  }
  r.moved = r.grid != g;
  return r;
}

bool can_move(const Grid& g, Dir d) {
  for (int k = 0; k < 4; ++k) {
    const auto idx = line_cells(d, k);
    for (int j = 1; j < 4; ++j) {
      const int v = g.cells[idx[j]];
      if (v == 0) continue;
      const int prev = g.cells[idx[j - 1]];
      if (prev == 0 || (prev == v && v < MAX_GRID_EXPONENT)) return true;
    }
  }
  return false;
}

bool has_move(const Grid& g) {
  return std::any_of(ALL_DIRS.begin(), ALL_DIRS.end(), [&](Dir d) { return can_move(g, d); });
}

core::Result<Grid> parse_grid(std::string_view text) {
  std::string s;
  for (char c : text)
    if (!std::isspace(static_cast<unsigned char>(c)) || (!s.empty() && s.back() != ' ')) s += c;
  while (!s.empty() && s.back() == ' ') s.pop_back();
  if (s.empty()) return core::fail("empty board: give 16 tile values or 0x and 16 hex digits");

  Grid g;
  if (s.size() > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
    const std::string hex = s.substr(2);
    if (hex.size() != 16)
      return core::fail(fmt::format("hex board must have 16 exponent digits after 0x, got {}", hex.size()));
    for (int i = 0; i < 16; ++i) {
      const char c = static_cast<char>(std::tolower(static_cast<unsigned char>(hex[i])));
      if (!std::isxdigit(static_cast<unsigned char>(c)))
        return core::fail(fmt::format("hex board: '{}' is not a hex digit", hex[i]));
      g.cells[i] = static_cast<std::uint8_t>(std::isdigit(static_cast<unsigned char>(c)) ? c - '0' : c - 'a' + 10);
    }
    return g;
  }

  std::vector<std::string> tokens;
  std::vector<int> row_breaks;  // token counts at each '/'
  std::string cur;
  auto flush = [&] {
    if (!cur.empty()) tokens.push_back(cur);
    cur.clear();
  };
  for (char c : s) {
    if (c == ',' || c == ' ') {
      flush();
    } else if (c == '/') {
      flush();
      row_breaks.push_back(static_cast<int>(tokens.size()));
    } else if (std::isdigit(static_cast<unsigned char>(c))) {
      cur += c;
    } else {
      return core::fail(fmt::format("unexpected character '{}' in board", c));
    }
  }
  flush();
  if (tokens.size() != 16) return core::fail(fmt::format("a board has 16 cells, got {}", tokens.size()));
  if (!row_breaks.empty()) {
    if (row_breaks != std::vector<int>{4, 8, 12})
      return core::fail("'/' must separate four rows of four values");
  }
  for (int i = 0; i < 16; ++i) {
    if (tokens[i].size() > 8) return core::fail(fmt::format("tile value '{}' is too large", tokens[i]));
    const long v = std::stol(tokens[i]);
    if (v == 0) continue;
    if (v < 2 || (v & (v - 1)) != 0)
      return core::fail(fmt::format("tile value {} is not 0 or a power of two from 2", v));
    int e = 0;
    while ((1L << e) < v) ++e;
    if (e > MAX_GRID_EXPONENT) return core::fail(fmt::format("tile value {} is too large", v));
    g.cells[i] = static_cast<std::uint8_t>(e);
  }
  return g;
}

std::string format_grid(const Grid& g) {
  std::string out;
  for (int i = 0; i < 16; ++i) {
    if (i > 0) out += (i % 4 == 0) ? '/' : ',';
    out += std::to_string(g.cells[i] == 0 ? 0 : (std::uint64_t{1} << g.cells[i]));
  }
  return out;
}

std::string format_hex(const Grid& g) {
  std::string out = "0x";
  for (int i = 0; i < 16; ++i) out += "0123456789abcdef"[std::min<int>(g.cells[i], 15)];
  return out;
}

std::string render_grid(const Grid& g) {
  std::string out;
  const std::string sep = "+------+------+------+------+\n";
  out += sep;
  for (int r = 0; r < 4; ++r) {
    out += '|';
    for (int c = 0; c < 4; ++c) {
      const int e = g.at(r, c);
      out += e == 0 ? fmt::format("{:^6}|", ".") : fmt::format("{:^6}|", std::uint64_t{1} << e);
    }
    out += '\n' + sep;
  }
  return out;
}

}  // namespace tilestone::g2048
