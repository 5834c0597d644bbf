#pragma once
// Every tuned number of the Gomoku engine, in one place.

#include <array>
#include <cstdint>

namespace tilestone::gomoku::params {

// Board.
constexpr int MIN_SIZE = 5;
constexpr int MAX_SIZE = 22;
constexpr int DEFAULT_SIZE = 15;
/// Seed of the Zobrist keys; fixed so a position's hash can be pinned in tests.
constexpr std::uint64_t ZOBRIST_SEED = 0x70E5'7013'2048'1515ULL;

// The seed's one-ply point scores (step 4): the value of a point for one side.
constexpr int SEED_FIVE = 100;
constexpr int SEED_FOUR_PLUS = 90;  ///< live four, double dead four, dead four + live three
constexpr int SEED_DOUBLE_THREE = 80;
constexpr int SEED_DEAD3_LIVE3 = 70;
constexpr int SEED_DEAD_FOUR = 60;
constexpr int SEED_LIVE_THREE = 50;
constexpr int SEED_DOUBLE_TWO = 40;
constexpr int SEED_DEAD_THREE = 30;
constexpr int SEED_LIVE_TWO = 20;
constexpr int SEED_DEAD_TWO = 10;

/// Evaluation weight of one line pattern through an empty point, indexed by gomoku::Pattern.
/// Order: NONE, OVERLINE, BLOCK1, FLEX1, BLOCK2, FLEX2, BLOCK3, FLEX3, BLOCK4, FLEX4, FIVE.
constexpr std::array<int, 11> PATTERN_VALUE = {0, 0, 1, 3, 6, 16, 24, 70, 80, 300, 1000};
/// What a line pattern through an empty point is worth more to the side to move, who can make
/// it first: the threes and fours it makes come with the initiative.
constexpr std::array<int, 11> TEMPO_VALUE = {0, 0, 0, 0, 0, 8, 24, 70, 80, 300, 0};
/// Bonus for a point that combines threats (indexed by gomoku::PointKind rank, see patterns.h).
constexpr int BONUS_DOUBLE_THREE = 150;
constexpr int BONUS_FOUR_THREE = 300;

// Search.
constexpr int WIN_SCORE = 30000;        ///< a win at ply p scores WIN_SCORE - p
constexpr int WIN_BOUND = WIN_SCORE - 1000;  ///< scores beyond this are proven wins or losses
constexpr int INF_SCORE = 32000;
constexpr int MAX_PLY = 128;
constexpr int ASPIRATION_WINDOW = 60;
constexpr int MAX_MOVES_ROOT = 40;      ///< moves searched at the root of `strong`
constexpr int MAX_MOVES_NODE = 14;      ///< moves searched at interior nodes of `strong`
constexpr int MAX_MOVES_LIST = 64;     ///< capacity of a node's move list (forced defences included)
constexpr int LMR_MIN_DEPTH = 3;
constexpr int LMR_MIN_INDEX = 4;
constexpr int NODE_CHECK_INTERVAL = 128;  ///< nodes between two looks at the clock
constexpr int VCF_LEAF_DEPTH = 10;         ///< attacker moves of the VCF at a leaf
constexpr int VCF_ROOT_DEPTH = 30;         ///< attacker moves of the VCF at the root
constexpr int VCT_ROOT_DEPTH = 8;          ///< attacker moves of the VCT at the root
constexpr std::uint64_t VCF_LEAF_NODES = 200;
constexpr std::uint64_t VCF_ROOT_NODES = 200000;
constexpr std::uint64_t VCT_ROOT_NODES = 60000;
/// Share of the budget given to the root VCT. It mostly finds nothing, and every point spent
/// there is taken from the iterative deepening (which starts no iteration after 45 %).
constexpr int VCT_TIME_PERCENT = 8;
/// The search stops this share of the budget early, so the move is sent before the budget ends.
constexpr int TIME_SAFETY_PERCENT = 10;
constexpr std::int64_t TIME_SAFETY_MIN_US = 3000;
/// A new iteration is not started after this share of the budget has gone.
constexpr int ITERATION_START_PERCENT = 45;
constexpr std::size_t TT_DEFAULT_MB = 32;
/// The most a transposition table may take, whatever is asked: a hard cap, and a share of the
/// machine's physical memory. A Gomoku search rarely fills even the hard cap.
constexpr std::size_t TT_MAX_MB = 1024;
constexpr std::size_t TT_MAX_PHYSICAL_PERCENT = 25;

// The seed's minimax level (steps 6-13).
constexpr int MINIMAX_BOX_MARGIN = 3;  ///< candidates lie within this distance of the bounding box
constexpr int MINIMAX_TOP_N = 10;
constexpr int MINIMAX_RANDOM_MARGIN = 20;  ///< evaluation points: moves this close to the best are drawn
constexpr int MINIMAX_MAX_DEPTH = 6;

// The Monte Carlo level.
constexpr int MONTECARLO_ROOT_MOVES = 8;
constexpr int MONTECARLO_MAX_STEPS = 60;
constexpr int MONTECARLO_PLAYOUTS = 1 << 16;  ///< most playouts per root move
constexpr int MONTECARLO_PLAYOUTS_PER_MS = 8;  ///< per root move and millisecond of budget (more than fit)

}  // namespace tilestone::gomoku::params
