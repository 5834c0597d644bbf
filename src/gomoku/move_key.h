#pragma once
// A candidate move and its ordering score packed in one integer, so that one integer sort orders
// the moves best first and, among equal scores, by cell (lowest first): the key is
// -score * CELL_SPAN + cell. Every board has fewer than CELL_SPAN cells, so the cell is the key's
// low 12 bits whatever the sign of the score.

#include <cstdint>

#include "gomoku/board.h"

namespace tilestone::gomoku {

inline constexpr std::int64_t CELL_SPAN = std::int64_t{1} << 12;
static_assert(Board::MAX_CELLS <= CELL_SPAN, "a cell must fit in the key's low bits");

/// The sort key of `cell` scored `score`: ascending keys are descending scores, and ascending
/// cells among equal scores.
constexpr std::int64_t best_first_key(std::int64_t score, int cell) { return -score * CELL_SPAN + cell; }

/// The cell of a key made by best_first_key.
constexpr int cell_of_key(std::int64_t key) { return static_cast<int>(key & (CELL_SPAN - 1)); }

}  // namespace tilestone::gomoku
