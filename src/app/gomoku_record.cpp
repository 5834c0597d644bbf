#include "app/gomoku_record.h"

#include <fmt/format.h>

#include "gomoku/notation.h"
#include "store/learned.h"

namespace tilestone::app {

using namespace gomoku;

GomokuRecorder::GomokuRecorder(const DbOptions& db, std::string level, Color ai, Limits limits)
    : recorder_(db), level_(std::move(level)), ai_(ai), limits_(std::move(limits)), started_at_(store::now_seconds()) {}

Limits GomokuRecorder::limits_for(const Board& board) {
  Limits l = limits_;
  if (!recorder_.db()) return l;
  auto avoid = learned_avoid(*recorder_.db(), board);
  if (!avoid) recorder_.disable(avoid.error());
  else l.avoid = std::move(avoid).value();
  return l;
}

std::string GomokuRecorder::finish(const Board& board, Outcome outcome) {
  if (done_ || !recorder_.enabled() || board.move_count() == 0) return {};
  done_ = true;
  store::GameRecord g;
  g.game = "gomoku";
  g.started_at = started_at_;
  g.moves = format_moves(board.moves(), board.size());
  g.result = std::string(outcome_name(outcome));
  g.rule = std::string(rule_name(board.rule()));
  g.size = board.size();
  g.seed = limits_.seed;
  g.settings = fmt::format(R"({{"level":"{}","ai_color":"{}","time_ms":{},"depth":{}}})", level_,
                           ai_ == Color::BLACK ? "black" : "white", limits_.time_ms, limits_.depth);
  const std::int64_t id = recorder_.record(std::move(g));
  if (id == 0) return {};
  std::string out = fmt::format("Game {} recorded in {}.\n", id, recorder_.db()->path());
  if (!lost(outcome, ai_)) return out;
  const auto learnt = learn_from_game(*recorder_.db(), board.moves(), board.size(), board.rule(), ai_, id);
  if (!learnt) {
    recorder_.disable(learnt.error());
  } else if (*learnt) {
    out += fmt::format("The AI learnt: {} (move {}) lost by force; it will not play it there again.\n",
                       format_point((*learnt)->move, board.size()), (*learnt)->ply + 1);
  }
  return out;
}

}  // namespace tilestone::app
