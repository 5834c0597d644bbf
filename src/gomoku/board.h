#pragma once
// The Gomoku board: stones, play/undo with a state stack, Zobrist hash, and per-point pattern
// data (the line windows and what a stone on each empty point would make) kept up to date
// incrementally, so evaluation and move ordering are lookups.

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <optional>
#include <vector>

#include "gomoku/params.h"
#include "gomoku/patterns.h"
#include "gomoku/types.h"

namespace tilestone::gomoku {

class Board {
 public:
  /// Rows and columns of walls around the playing area (a line window reaches 4 points).
  static constexpr int PAD = 4;
  static constexpr int MAX_STRIDE = params::MAX_SIZE + 2 * PAD;
  static constexpr int MAX_CELLS = MAX_STRIDE * MAX_STRIDE;

  /// An empty board; size must lie in [MIN_SIZE, MAX_SIZE] (checked by the callers that parse).
  explicit Board(int size = params::DEFAULT_SIZE, Rule rule = Rule::FREESTYLE);

  int size() const { return size_; }
  Rule rule() const { return rule_; }
  bool inside(Point p) const { return p.x >= 0 && p.y >= 0 && p.x < size_ && p.y < size_; }

  // Cell indices address the padded grid; they are what the search works with.
  int index(Point p) const { return (p.y + PAD) * stride_ + p.x + PAD; }
  Point point(int idx) const { return {idx % stride_ - PAD, idx / stride_ - PAD}; }
  /// Offset between neighbouring cells along line direction d (0 horizontal, 1 vertical,
  /// 2 diagonal down-right, 3 diagonal down-left).
  int offset(int d) const { return offsets_[d]; }
  int stride() const { return stride_; }
  /// The cell code at idx: CELL_EMPTY, CELL_BLACK, CELL_WHITE or CELL_WALL.
  int cell(int idx) const { return cells_[idx]; }
  /// The line window around idx along direction d (the 8 neighbours' cell codes, see key_slot),
  /// kept for every inside cell, empty or not.
  LineKey line_key(int idx, int d) const { return data_[idx].key[d]; }

  /// The stone at an inside point, if any.
  std::optional<Color> at(Point p) const;
  bool empty_at(Point p) const { return inside(p) && cells_[index(p)] == CELL_EMPTY; }

  /// Black moves first; the colours alternate, except where pass() handed the move over.
  Color to_move() const { return to_move_; }
  /// Stones on the board (passes are not counted).
  int move_count() const { return static_cast<int>(history_.size()); }
  bool full() const { return move_count() == size_ * size_; }
  /// The i-th stone played (0 = the first). Its colour is at(move_at(i)): they alternate unless
  /// the position was set up with passes.
  Point move_at(int i) const { return point(history_[static_cast<std::size_t>(i)]); }
  std::optional<Point> last_move() const;
  std::vector<Point> moves() const;

  /// Places a stone of the side to move on the empty inside point `p` (precondition).
  void play(Point p) { play_index(index(p)); }
  void play_index(int idx);
  /// Takes back the last stone (precondition: there is one); its colour is then to move again.
  void undo();
  /// Hands the move to the other side without a stone. For setting up positions whose stone
  /// counts do not alternate (a Gomocup BOARD with any counts); undo() takes back stones only.
  void pass() { to_move_ = opponent(to_move_); }

  /// Zobrist hash of the stones and, where it does not follow from their number (after a pass),
  /// of the side to move.
  std::uint64_t hash() const { return to_move_ == parity_side() ? hash_ : hash_ ^ PASS_KEY; }

  /// How fives count for colour c under this board's rule.
  FiveRule five_rule(Color c) const;

  // Pattern data of empty cells (meaningless on occupied cells).
  Pattern pattern(Color c, int idx, int d) const { return data_[idx].pattern[index_of(c)][d]; }
  PointKind kind(Color c, int idx) const { return data_[idx].kind[index_of(c)]; }
  /// Evaluation weight of a stone of colour c on idx (params::PATTERN_VALUE and bonuses).
  int value(Color c, int idx) const { return data_[idx].value[index_of(c)]; }
  /// Move-order score of idx for the side c to move: what a stone there makes for c and what
  /// it takes from the opponent (params::ORDER_*).
  int order(Color c, int idx) const {
    const CellData& cd = data_[idx];
    const int me = index_of(c), them = 1 - me;
    return info_[me][cd.combo[me]].attack + info_[them][cd.combo[them]].defence;
  }
  /// Sum of value(c, idx) over all empty cells.
  int value_sum(Color c) const { return sum_[index_of(c)]; }
  /// Sum over all empty cells of what they are worth more to c when c is to move.
  int tempo_sum(Color c) const { return tempo_[index_of(c)]; }
  /// Number of empty cells where a stone of colour c makes a five (by the pattern tables).
  int five_cells(Color c) const { return counts_[index_of(c)][0]; }
  /// Number of empty cells where c makes a live four, two fours, or a four and a live three
  /// (for renju black, not where the patterns make the stone forbidden).
  int winning_cells(Color c) const { return counts_[index_of(c)][1]; }
  /// Number of empty cells where c makes at least a dead four on some line.
  int four_cells(Color c) const { return counts_[index_of(c)][2]; }
  /// Calls fn(idx) for every empty cell where a stone of colour c makes at least a dead four on
  /// some line (the four_cells(c) cells), in coordinate order: what a scan of the candidates for
  /// best_pattern(c, idx) >= BLOCK4 finds (a four always has a stone within distance 2), read
  /// from a set kept up to date by play() and undo().
  template <class Fn>
  void for_each_four_cell(Color c, Fn&& fn) const {
    if (counts_[index_of(c)][2] == 0) return;
    const auto& bits = fours_[index_of(c)];
    for (int w = 0; w < FOUR_WORDS; ++w) {
      for (std::uint64_t m = bits[static_cast<std::size_t>(w)]; m != 0; m &= m - 1) fn(w * 64 + std::countr_zero(m));
    }
  }
  /// Strongest line pattern c makes on idx.
  Pattern best_pattern(Color c, int idx) const { return data_[idx].best[index_of(c)]; }
  /// What kind() and best_pattern() of colour c on the empty cell idx would be with one more
  /// stone, of colour `stone`, on the empty cell k steps from idx along direction d (k in -4..4,
  /// not 0), as play_index() of that cell would make them: only idx's window along d changes.
  /// Asks in one table lookup what trying the stone asks in a move and its undo.
  PointKind kind_if(Color c, int idx, int d, int k, Color stone) const { return info_if(c, idx, d, k, stone).kind; }
  Pattern best_pattern_if(Color c, int idx, int d, int k, Color stone) const { return info_if(c, idx, d, k, stone).best; }
  /// Number of stones within distance 2 (Chebyshev) of idx.
  int near(int idx) const { return near_[idx]; }

  /// Bounding box of the stones; min > max when the board is empty.
  struct Box {
    int min_x, min_y, max_x, max_y;
  };
  Box box() const { return box_; }

  /// Calls fn(idx) for every empty cell within distance 2 of a stone, in coordinate order.
  template <class Fn>
  void for_each_candidate(Fn&& fn) const {
    const Box b = box();
    const int x0 = std::max(0, b.min_x - 2), x1 = std::min(size_ - 1, b.max_x + 2);
    const int y0 = std::max(0, b.min_y - 2), y1 = std::min(size_ - 1, b.max_y + 2);
    for (int y = y0; y <= y1; ++y) {
      int idx = index({x0, y});
      for (int x = x0; x <= x1; ++x, ++idx)
        if (cells_[idx] == CELL_EMPTY && near_[idx] > 0) fn(idx);
    }
  }

 private:
  // Everything kept about one cell, together so that an update touches one cache line.
  struct CellData {
    std::array<LineKey, 4> key{};                         ///< the line windows around the cell
    std::array<std::array<Pattern, 4>, 2> pattern{};      ///< [colour][direction], empty cells only
    std::array<PointKind, 2> kind{};
    std::array<Pattern, 2> best{};
    std::array<std::int16_t, 2> value{};
    std::array<std::int16_t, 2> tempo{};
    std::array<std::uint16_t, 2> combo{};                 ///< combo_index of pattern[colour]
  };
  // What play() changes besides the cells it logs, restored as a whole by undo().
  struct Frame {
    Box box;
    std::array<int, 2> sum;
    std::array<int, 2> tempo;
    std::array<std::array<int, 3>, 2> counts;
    std::size_t flips;  ///< size of flips_ before the move
  };
  /// Cells whose data one move can change: four on either side along each of the four lines.
  static constexpr int TOUCHED = 32;

  /// Keyed into hash() when the side to move is not the one the stone count implies.
  static constexpr std::uint64_t PASS_KEY = 0x9E37'79B9'7F4A'7C15ULL;
  Color parity_side() const { return (history_.size() % 2 == 0) ? Color::BLACK : Color::WHITE; }

  const PointInfo& info_if(Color c, int idx, int d, int k, Color stone) const;
  void update_line_cell(int q, int d, int slot, int code);
  void set_info(int q, int c, int old_combo);
  /// Flips cell q's bit in colour c's four set; flip_four() also logs it for undo().
  void toggle_four(int c, int q);
  void flip_four(int c, int q);
  void refresh_cell(int q);
  void tally(int q, int sign);

  int size_;
  int stride_;
  Rule rule_;
  std::array<int, 4> offsets_{};
  std::array<FiveRule, 2> five_{};
  std::array<const PointInfo*, 2> info_{};  ///< per colour: renju black has a table of its own
  std::array<const Pattern*, 2> tables_{};
  std::array<std::uint8_t, MAX_CELLS> cells_{};
  std::array<CellData, MAX_CELLS> data_{};
  std::array<int, 2> sum_{};
  std::array<int, 2> tempo_{};
  std::array<std::array<int, 3>, 2> counts_{};
  std::array<std::uint8_t, MAX_CELLS> near_{};
  static constexpr int FOUR_WORDS = (MAX_CELLS + 63) / 64;
  /// Per colour, the empty cells where a stone makes at least a dead four (a bit per cell).
  std::array<std::array<std::uint64_t, FOUR_WORDS>, 2> fours_{};
  /// The cells whose bit in fours_ changed, in play order (colour in the low bit): undo()
  /// flips them back.
  std::vector<std::uint16_t> flips_;
  std::uint64_t hash_ = 0;
  Color to_move_ = Color::BLACK;
  Box box_{};
  std::vector<int> history_;
  std::vector<Frame> frames_;
  /// The TOUCHED cells' data before each move, in play order: undo copies them back instead
  /// of recomputing their patterns.
  std::vector<CellData> saved_;
};

/// The Zobrist key of a stone of colour c on cell idx of a board (fixed, seeded table).
std::uint64_t zobrist_key(Color c, int idx);

}  // namespace tilestone::gomoku
