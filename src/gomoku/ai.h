#pragma once
// The Gomoku AI levels behind one interface: a position and limits in, a move and how it was
// found out. Progress is reported through a callback with a plain struct; nothing is printed.

#include <cstdint>
#include <functional>
#include <cstddef>
#include <memory>
#include <optional>
#include <stop_token>
#include <string_view>
#include <vector>

#include "core/clock.h"
#include "gomoku/board.h"

namespace tilestone::gomoku {

class Network;

struct Limits {
  int time_ms = 1000;     ///< budget for this move; the search returns within it; 0 = no clock
  int depth = 0;          ///< maximum depth; 0 = as deep as time allows
  /// `strong`: stop once a search thread has searched about this many nodes (0: no limit), with
  /// the best move so far. With one thread, a fixed count gives the same move on every machine.
  std::uint64_t nodes = 0;
  int threads = 1;
  std::uint64_t seed = 0;
  std::size_t memory_mb = params::TT_DEFAULT_MB;  ///< transposition table size
  /// Root moves known to lose (learnt from lost games): every level plays something else while
  /// another legal move exists. A winning move (a five, a proven VCF/VCT) is never in here.
  std::vector<Point> avoid;
  /// A stop requested here ends the search within a few milliseconds with the best move so far
  /// (the GUI's stop, a client gone, the program ending). The default token is never stopped.
  std::stop_token stop;
};

/// The deadline a search must stop by: the budget less a safety margin (the larger of
/// params::TIME_SAFETY_MIN_US and `safety_percent` of the budget); no time limit when
/// limits.time_ms is 0. It also expires as soon as limits.stop is requested.
core::Deadline search_deadline(const Limits& limits, int safety_percent = params::TIME_SAFETY_PERCENT);

/// Whether `limits` ask the root not to play p.
inline bool avoided(const Limits& limits, Point p) {
  for (Point q : limits.avoid)
    if (q == p) return true;
  return false;
}

/// `moves` (cell indices of `board`) without the avoided ones, unless that would leave none.
std::vector<int> without_avoided(const Board& board, std::vector<int> moves, const Limits& limits);

/// One report of a search in progress: one per finished iteration, and while an iteration runs
/// one every params::PARTIAL_REPORT_MS (`partial`: the depth under way and its best move so far).
struct SearchInfo {
  int depth = 0;
  bool partial = false;
  int value = 0;
  std::uint64_t nodes = 0;
  double elapsed_ms = 0;
  std::vector<Point> pv;
};

using ProgressFn = std::function<void(const SearchInfo&)>;

struct SearchResult {
  Point move;                  ///< always a legal move when the board has an empty point
  int value = 0;               ///< from the mover's view; beyond WIN_BOUND a proven win/loss
  int depth = 0;
  std::uint64_t nodes = 0;
  std::uint64_t helper_nodes = 0;  ///< of those, searched by threads other than the first
  std::vector<Point> pv;
  double elapsed_ms = 0;
};

enum class Level { SCORER, MINIMAX, MONTECARLO, STRONG };

std::string_view level_name(Level level);
std::optional<Level> parse_level(std::string_view name);

/// An AI that can be asked for moves repeatedly; it owns its tables and threads.
class Engine {
 public:
  virtual ~Engine() = default;
  /// Chooses a move for the side to move. Precondition: the game is not over and the board has
  /// an empty point. Black never gets a forbidden point under renju unless no other move exists.
  virtual SearchResult search(const Board& board, const Limits& limits, const ProgressFn& progress = {}) = 0;
  /// Forgets what earlier searches learnt (new game). Cheap: no table memory is touched.
  virtual void clear() {}
  /// Sizes the transposition table for searches whose Limits::memory_mb is `memory_mb`, now
  /// rather than inside the next timed search (capped to what the machine can give).
  virtual void reserve(std::size_t memory_mb) { (void)memory_mb; }
};

/// The engine of a level. `network` (a learned evaluation, gomoku/network.h) is used by the
/// strong level for boards of its rule; the other levels and other rules ignore it.
std::unique_ptr<Engine> make_engine(Level level, std::shared_ptr<const Network> network = nullptr);

/// For a proven value (beyond WIN_BOUND): how many plies away the win or loss is; else nullopt.
std::optional<int> plies_to_win(int value);

/// A legal move for the side to move whatever happens (the first free non-forbidden point near
/// the centre); the safety net of every level.
Point fallback_move(const Board& board);

}  // namespace tilestone::gomoku
