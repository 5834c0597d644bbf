#include "lab/gomoku/order_tune.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "gomoku/eval.h"
#include "gomoku/params.h"
#include "lab/gomoku/tune.h"

namespace tilestone::gomoku::order_tune {
namespace {

constexpr int KIND_MINE = 0, KIND_THEIRS = 11, PATTERN_MINE = 22, PATTERN_THEIRS = 33, NEAR_LAST = 44, NEAR_OWN = 48;

using Vector = std::array<double, FEATURES>;

Vector to_vector(const Weights& w) {
  Vector v{};
  for (std::size_t i = 0; i < 11; ++i) {
    v[KIND_MINE + i] = w.kind_mine[i];
    v[KIND_THEIRS + i] = w.kind_theirs[i];
    v[PATTERN_MINE + i] = w.pattern_mine[i];
    v[PATTERN_THEIRS + i] = w.pattern_theirs[i];
  }
  for (std::size_t i = 0; i < 4; ++i) {
    v[NEAR_LAST + i] = w.near_last[i];
    v[NEAR_OWN + i] = w.near_own[i];
  }
  return v;
}

Weights from_vector(const Vector& v) {
  Weights w;
  for (std::size_t i = 0; i < 11; ++i) {
    w.kind_mine[i] = v[KIND_MINE + i];
    w.kind_theirs[i] = v[KIND_THEIRS + i];
    w.pattern_mine[i] = v[PATTERN_MINE + i];
    w.pattern_theirs[i] = v[PATTERN_THEIRS + i];
  }
  for (std::size_t i = 0; i < 4; ++i) {
    w.near_last[i] = v[NEAR_LAST + i];
    w.near_own[i] = v[NEAR_OWN + i];
  }
  return w;
}

double score(const Vector& v, const Candidate& c) {
  double s = 0;
  for (std::uint8_t f : c) s += v[f];
  return s;
}

// The candidates' scores under v (into p).
void scores(const Vector& v, const Position& pos, std::vector<double>& p) {
  p.resize(pos.candidates.size());
  for (std::size_t k = 0; k < p.size(); ++k) p[k] = score(v, pos.candidates[k]);
}

// Turns the scores in p into softmax probabilities; returns log P(played).
double softmax(const Position& pos, std::vector<double>& p) {
  const double top = *std::max_element(p.begin(), p.end());
  double z = 0;
  for (double& x : p) z += (x = std::exp(x - top));
  const double played = p[static_cast<std::size_t>(pos.played)];
  for (double& x : p) x /= z;
  return std::log(played / z);
}

// Counts one played move of rank `rank` (1 = first).
void add_rank(Accuracy& a, int rank) {
  a.top1 += rank <= 1;
  a.top3 += rank <= 3;
  a.top10 += rank <= 10;
  ++a.positions;
}

// From sums over the positions to shares of them.
Accuracy averaged(Accuracy a) {
  if (a.positions > 0) {
    const auto n = static_cast<double>(a.positions);
    a.top1 /= n, a.top3 /= n, a.top10 /= n, a.log_loss /= n;
  }
  return a;
}

Accuracy accuracy_of(const Vector& v, const std::vector<const Position*>& positions) {
  Accuracy a;
  std::vector<double> p;
  for (const Position* pos : positions) {
    scores(v, *pos, p);
    const double mine = p[static_cast<std::size_t>(pos->played)];
    add_rank(a, static_cast<int>(std::count_if(p.begin(), p.end(), [&](double s) { return s >= mine; })));  // ties count against it
    a.log_loss -= softmax(*pos, p);
  }
  return averaged(a);
}

Accuracy threat_order_accuracy_of(const std::vector<const Position*>& positions) {
  Accuracy a;
  for (const Position* pos : positions) add_rank(a, pos->threat_order_rank);
  return averaged(a);
}

std::vector<const Position*> pointers(const std::vector<Position>& positions) {
  std::vector<const Position*> out;
  out.reserve(positions.size());
  for (const auto& p : positions) out.push_back(&p);
  return out;
}

}  // namespace

Weights Weights::current() {
  Weights w;
  const double s = ORDER_SCALE;
  for (std::size_t i = 0; i < 11; ++i) {
    w.kind_mine[i] = params::ORDER_KIND_MINE[i] / s;
    w.kind_theirs[i] = params::ORDER_KIND_THEIRS[i] / s;
    w.pattern_mine[i] = params::ORDER_PATTERN_MINE[i] / s;
    w.pattern_theirs[i] = params::ORDER_PATTERN_THEIRS[i] / s;
  }
  for (std::size_t i = 0; i < 4; ++i) {
    w.near_last[i] = params::ORDER_NEAR_LAST[i] / s;
    w.near_own[i] = params::ORDER_NEAR_OWN[i] / s;
  }
  return w;
}

std::vector<Position> positions_of_game(const std::vector<Point>& moves, int size, Rule rule, int skip) {
  std::vector<Position> out;
  Board b(size, rule);
  for (std::size_t i = 0; i < moves.size(); ++i) {
    if (!b.empty_at(moves[i])) break;  // a forfeit on an occupied point ends the record
    const Color me = b.to_move(), them = opponent(me);
    if (static_cast<int>(i) >= skip && i >= 2 && b.five_cells(me) == 0 && b.five_cells(them) == 0 && b.winning_cells(them) == 0) {
      const LastStones last(b);
      const int played = b.index(moves[i]);
      Position pos;
      pos.played = -1;
      b.for_each_candidate([&](int q) {
        if (!may_play(b, q, me)) return;
        const Point p = b.point(q);
        Candidate c{};
        c[0] = static_cast<std::uint8_t>(KIND_MINE + static_cast<int>(b.kind(me, q)));
        c[1] = static_cast<std::uint8_t>(KIND_THEIRS + static_cast<int>(b.kind(them, q)));
        for (int d = 0; d < 4; ++d) {
          c[static_cast<std::size_t>(2 + d)] = static_cast<std::uint8_t>(PATTERN_MINE + static_cast<int>(b.pattern(me, q, d)));
          c[static_cast<std::size_t>(6 + d)] = static_cast<std::uint8_t>(PATTERN_THEIRS + static_cast<int>(b.pattern(them, q, d)));
        }
        c[10] = static_cast<std::uint8_t>(NEAR_LAST + near_bucket(p, last.theirs));
        c[11] = static_cast<std::uint8_t>(NEAR_OWN + near_bucket(p, last.mine));
        if (q == played) pos.played = static_cast<int>(pos.candidates.size());
        pos.candidates.push_back(c);
        pos.cells.push_back(q);
      });
      if (pos.played >= 0 && pos.candidates.size() >= 2) {
        const int mine = order_score(b, played, me);
        for (int q : pos.cells) pos.threat_order_rank += order_score(b, q, me) >= mine ? 1 : 0;
        out.push_back(std::move(pos));
      }
    }
    b.play(moves[i]);
  }
  return out;
}

Accuracy accuracy(const Weights& w, const std::vector<Position>& positions) { return accuracy_of(to_vector(w), pointers(positions)); }

Accuracy threat_order_accuracy(const std::vector<Position>& positions) { return threat_order_accuracy_of(pointers(positions)); }

FitReport fit(const std::vector<std::vector<Position>>& games, const Weights& start, const FitOptions& options) {
  FitReport r;
  std::vector<const Position*> train, held;
  for (std::size_t g = 0; g < games.size(); ++g) {
    const bool out = options.held_out_every > 0 && g % static_cast<std::size_t>(options.held_out_every) ==
                                                       static_cast<std::size_t>(options.held_out_every) - 1;
    (out ? r.held_games : r.train_games) += 1;
    for (const auto& p : games[g]) (out ? held : train).push_back(&p);
  }
  r.held_threat_order = threat_order_accuracy_of(held);
  Vector v = to_vector(start);
  r.train_before = accuracy_of(v, train);
  r.held_before = accuracy_of(v, held);
  // Weights whose feature the fitted positions never show stay as they are (a five, the
  // opponent's four-three: such positions are left out, the search takes those moves first).
  std::array<bool, FEATURES> seen{};
  for (const Position* p : train)
    for (const Candidate& c : p->candidates)
      for (std::uint8_t f : c) seen[f] = true;
  r.fixed = static_cast<int>(std::count(seen.begin(), seen.end(), false));
  // Adam on the mean negative log-likelihood: d/dw = sum over candidates (p - [played]) x.
  Vector m1{}, m2{};
  constexpr double B1 = 0.9, B2 = 0.999, EPS = 1e-8;
  std::vector<double> p;
  for (int it = 1; it <= options.iterations && !train.empty(); ++it) {
    Vector grad{};
    for (const Position* pos : train) {
      scores(v, *pos, p);
      softmax(*pos, p);
      for (std::size_t k = 0; k < p.size(); ++k) {
        const double g = p[k] - (static_cast<int>(k) == pos->played ? 1.0 : 0.0);
        for (std::uint8_t f : pos->candidates[k]) grad[f] += g;
      }
    }
    for (std::size_t i = 0; i < FEATURES; ++i) {
      if (!seen[i]) continue;
      const double gi = grad[i] / static_cast<double>(train.size()) + options.l2 * v[i];
      m1[i] = B1 * m1[i] + (1 - B1) * gi;
      m2[i] = B2 * m2[i] + (1 - B2) * gi * gi;
      const double mh = m1[i] / (1 - std::pow(B1, it)), vh = m2[i] / (1 - std::pow(B2, it));
      v[i] -= options.learning_rate * mh / (std::sqrt(vh) + EPS);
    }
  }
  r.weights = from_vector(v);
  r.train_after = accuracy_of(v, train);
  r.held_after = accuracy_of(v, held);
  return r;
}

std::string weights_header(const Weights& w, const std::string& how) {
  auto list = [](const auto& a) {
    std::string s;
    for (std::size_t i = 0; i < a.size(); ++i) s += fmt::format("{}{}", i ? ", " : "", std::lround(a[i] * ORDER_SCALE));
    return s;
  };
  const std::string comment = tune::comment_lines(how);
  return fmt::format(
      "#pragma once\n"
      "// The move-order weights of the Gomoku engine. GENERATED FILE: do not edit by hand.\n"
      "{}"
      "\n#include <array>\n\nnamespace tilestone::gomoku::params {{\n\n"
      "/// The move-order score of a candidate point (gomoku/order_tune.h), in logits x {}: a softmax over\n"
      "/// the candidates fitted to predict the move played. By PointKind (NONE, DEAD_TWO, LIVE_TWO,\n"
      "/// DEAD_THREE, DOUBLE_TWO, LIVE_THREE, DEAD_FOUR, DEAD3_LIVE3, DOUBLE_THREE, FOUR_PLUS, FIVE) of\n"
      "/// what a stone there makes for the side to move and for the opponent:\n"
      "constexpr std::array<int, 11> ORDER_KIND_MINE = {{{}}};\n"
      "constexpr std::array<int, 11> ORDER_KIND_THEIRS = {{{}}};\n"
      "/// By Pattern (NONE, OVERLINE, BLOCK1, FLEX1, BLOCK2, FLEX2, BLOCK3, FLEX3, BLOCK4, FLEX4, FIVE),\n"
      "/// once for each of the four lines through the point:\n"
      "constexpr std::array<int, 11> ORDER_PATTERN_MINE = {{{}}};\n"
      "constexpr std::array<int, 11> ORDER_PATTERN_THEIRS = {{{}}};\n"
      "/// By Chebyshev distance 1, 2, 3, 4+ to the opponent's last stone and to our own last stone:\n"
      "constexpr std::array<int, 4> ORDER_NEAR_LAST = {{{}}};\n"
      "constexpr std::array<int, 4> ORDER_NEAR_OWN = {{{}}};\n\n"
      "}}  // namespace tilestone::gomoku::params\n",
      comment, ORDER_SCALE, list(w.kind_mine), list(w.kind_theirs), list(w.pattern_mine), list(w.pattern_theirs),
      list(w.near_last), list(w.near_own));
}

}  // namespace tilestone::gomoku::order_tune
