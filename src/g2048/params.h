#pragma once
// Every tuned number of the 2048 AIs, in one place.

namespace tilestone::g2048::params {

// Expectimax row heuristic: value = BASE + EMPTY*empties + MERGE*adjacent pairs
//   - MONO * min(penalty of increasing, penalty of decreasing) with ranks raised to MONO_POWER
//   - SUM * sum(rank^SUM_POWER). Rows and columns are scored alike; a lost board scores 0.
inline constexpr double ROW_BASE = 200000.0;
inline constexpr double ROW_EMPTY = 260.0;
inline constexpr double ROW_MERGE = 680.0;
inline constexpr double ROW_MONO = 45.0;
inline constexpr double ROW_MONO_POWER = 4.0;
inline constexpr double ROW_SUM = 10.5;
inline constexpr double ROW_SUM_POWER = 3.5;

// Expectimax search.
inline constexpr double PROB_CUTOFF = 1e-4;     ///< chance branches less likely than this are evaluated (heuristic)
/// The same with the network. A coarser cut-off lets a 10 ms search go a ply deeper where the
/// play is decided: on 600 boards from the last 100 moves of lost games (two suites of 300,
/// `tilestone 2048 suite make --last-moves 100 --depth 6`), expectimax at 10 ms chose the depth-6
/// reference's move in 83.5 % instead of 78.3 % and gave up 44 % less value (README, "Measured
/// figures"); 2e-3 and 4e-3 did about as well, 1e-2 worse.
inline constexpr double NTUPLE_PROB_CUTOFF = 3e-3;
inline constexpr int MAX_DEPTH = 12;            ///< iterative deepening stops here
inline constexpr int TT_BITS = 17;              ///< transposition table entries per root move: 2^TT_BITS
inline constexpr int LEAF_CACHE_BITS = 16;      ///< cached network leaf values per root move: 2^LEAF_CACHE_BITS
/// Nodes between two looks at the clock: an n-tuple evaluation takes about a microsecond, so the
/// search notices its deadline within a fraction of a millisecond.
inline constexpr int CLOCK_CHECK_NODES = 256;
/// Share of the time budget kept back. A search that holds the CPU ends within 0.2 ms of its
/// deadline (bench's "cpu ms"); moves on this shared machine end 1-2 ms late (p99) because the
/// thread waits for a processor, so the search stops this much early.
inline constexpr double BUDGET_MARGIN = 0.15;

// Seed-002 minimax (ovolve's recipe): evaluation weights, and the window of its search.
inline constexpr double SEED_SMOOTH = 0.1;
inline constexpr double SEED_MONO = 1.3;
inline constexpr double SEED_EMPTY = 2.7;
inline constexpr double SEED_MAX = 1.0;
inline constexpr double SEED_WINDOW = 10000.0;
inline constexpr int SEED_MAX_DEPTH = 24;
inline constexpr int SEED_CLOCK_CHECK_NODES = 8;

// Seed-004 weights (smoothness, monotonicity, empty, max exponent, repeats, mean): the seed's
// own choice, which its experiments found to reach 2048.
inline constexpr double SEED004_DEFAULT[6] = {1.0, 2.0, 3.0, 1.0, 0.0, 0.0};
inline constexpr int SEED004_DEPTH = 6;

/// Expectimax's evaluation when none is asked for: the n-tuple network (when one is loaded) or the
/// row heuristic. The network with tile downgrading is the stronger at 10 ms a move (README,
/// "Measured figures"): over the same 20 games 16384 in 20 and 32768 in 7, the heuristic 13 and 1.
inline constexpr bool NTUPLE_IS_DEFAULT_EVAL = true;
/// Tile downgrading (NTupleNetwork::late_value): boards holding 16384 are valued one tile lower
/// where a smaller tile is missing. The threshold of new networks and of files before version 4
/// (a file of version 4 holds its own). Expectimax at 10 ms, the same 20 games: 16384 in 20, 32768 in
/// 7 (35 %), mean 446635, against 18 / 0 / 330420 without it (README, "Measured figures").
inline constexpr int DOWNGRADE_FROM_EXPONENT = 14;

// n-tuple network training (afterstate TD(0), updates swept backward over each finished game).
inline constexpr double TD_ALPHA = 0.1;              ///< step size, shared among the features
inline constexpr double TD_FINE_TUNE_START = 0.8;    ///< share of the games after which the step drops
inline constexpr double TD_FINE_TUNE_FACTOR = 0.1;   ///< ... to alpha times this
inline constexpr int TD_REPORT_GAMES = 1000;         ///< games per progress report and log line
inline constexpr double RESTART_SHARE_MAX = 0.9;     ///< the rest start from the empty board (the curve)
inline constexpr int RESTART_POOL = 4096;            ///< late boards kept for restarted games
inline constexpr double RESTART_FROM = 0.5;          ///< they come from after this share of a game's moves
/// Stream index of a training game's restart choices (derive_seed(game seed, this)).
inline constexpr unsigned RESTART_STREAM = 1;


// Analysis in human terms and game review (g2048/review.h): a move is worth the expected final
// score after it, the score so far plus the move's reward plus what expectimax over the shipped
// n-tuple network (which values a board by the score still to come) expects, at this fixed depth.
inline constexpr int OUTLOOK_DEPTH = 2;
/// Grades of a review, by the expected final score a move gives up against the best move.
inline constexpr double REVIEW_BEST_LOSS = 100.0;
inline constexpr double REVIEW_GOOD_LOSS = 500.0;
inline constexpr double REVIEW_INACCURACY_LOSS = 2000.0;
inline constexpr double REVIEW_MISTAKE_LOSS = 8000.0;
/// At most this many moves are named as the moments that decided the game.
inline constexpr int REVIEW_DECISIVE_MOMENTS = 3;

}  // namespace tilestone::g2048::params
