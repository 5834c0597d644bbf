#pragma once
// Learning from lost games: find the AI's move after which the opponent had a forced win (proved
// by the threat search), to be kept under the position's canonical form (the smallest of its 8
// symmetric images), so no level plays it again in any symmetric position. Keeping and looking
// up what was learnt is the store's part (store/learned.h); the engine only proves.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "gomoku/board.h"
#include "gomoku/types.h"

namespace tilestone::gomoku {

/// Image of p under symmetry s (0..7: bit 2 mirrors x, bits 0-1 rotate by 90 degrees) on a
/// board of `size`.
Point transform(Point p, int s, int size);
/// The inverse: inverse_transform(transform(p, s, n), s, n) == p.
Point inverse_transform(Point p, int s, int size);

/// The canonical form of a position: its key (size*size characters '.', 'x', 'o' of the
/// smallest image, row-major) and every symmetry that gives that image.
struct CanonicalPosition {
  std::string key;
  std::vector<int> symmetries;
};
CanonicalPosition canonical(const Board& board);

/// Budget of the proofs: nodes per threat search.
struct LearnBudget {
  std::uint64_t vcf_nodes = 200000;
  std::uint64_t vct_nodes = 200000;
  int vct_depth = 12;
};

/// The AI's move that turned the game into a forced loss.
struct LosingMove {
  int ply = -1;          ///< index of the move in the game
  Point move;            ///< in board coordinates
  std::vector<Point> line;  ///< the opponent's proven win after it (threat search line)
};

/// Walks back over the AI's moves from the end of a game the AI (`ai`) lost: the earliest move
/// of the unbroken run, counted back from the last, after each of which the opponent has a VCF
/// or VCT. Also a forbidden final move of the AI (renju). nullopt when nothing is proved.
std::optional<LosingMove> find_losing_move(const std::vector<Point>& moves, int size, Rule rule, Color ai,
                                           const LearnBudget& budget = {});

}  // namespace tilestone::gomoku
