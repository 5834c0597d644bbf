#include "lab/gomoku/tune.h"

#include <algorithm>
#include <cmath>
#include <memory>

#include <fmt/format.h>

#include "gomoku/ai.h"
#include "gomoku/params.h"
#include "gomoku/rules.h"
#include "gomoku/search.h"
#include "gomoku/winprob.h"
#include "lab/gomoku/winprob_fit.h"

namespace tilestone::gomoku::tune {
namespace {

constexpr int PATTERNS = LAST_PATTERN - FIRST_PATTERN + 1;
constexpr int TEMPOS = LAST_TEMPO - FIRST_TEMPO + 1;
constexpr int KINDS = LAST_KIND - FIRST_KIND + 1;
constexpr int KIND_SLOT = PATTERNS + TEMPOS;           // first kind bonus
constexpr int KIND_TEMPO_SLOT = KIND_SLOT + KINDS;     // first kind tempo
constexpr std::size_t slot(int base, int i) { return static_cast<std::size_t>(base + i); }

std::array<double, PARAMETERS> to_vector(const Weights& w) {
  std::array<double, PARAMETERS> v{};
  for (int p = FIRST_PATTERN; p <= LAST_PATTERN; ++p) v[static_cast<std::size_t>(p - FIRST_PATTERN)] = w.pattern[static_cast<std::size_t>(p)];
  for (int p = FIRST_TEMPO; p <= LAST_TEMPO; ++p) v[static_cast<std::size_t>(PATTERNS + p - FIRST_TEMPO)] = w.tempo[static_cast<std::size_t>(p)];
  for (int k = FIRST_KIND; k <= LAST_KIND; ++k) v[slot(KIND_SLOT, k - FIRST_KIND)] = w.kind[static_cast<std::size_t>(k)];
  for (int k = FIRST_KIND_TEMPO; k <= LAST_KIND_TEMPO; ++k)
    v[slot(KIND_TEMPO_SLOT, k - FIRST_KIND_TEMPO)] = w.kind_tempo[static_cast<std::size_t>(k)];
  return v;
}

Weights from_vector(const std::array<double, PARAMETERS>& v, Weights w) {
  for (int p = FIRST_PATTERN; p <= LAST_PATTERN; ++p) w.pattern[static_cast<std::size_t>(p)] = v[static_cast<std::size_t>(p - FIRST_PATTERN)];
  for (int p = FIRST_TEMPO; p <= LAST_TEMPO; ++p) w.tempo[static_cast<std::size_t>(p)] = v[static_cast<std::size_t>(PATTERNS + p - FIRST_TEMPO)];
  for (int k = FIRST_KIND; k <= LAST_KIND; ++k) w.kind[static_cast<std::size_t>(k)] = v[slot(KIND_SLOT, k - FIRST_KIND)];
  for (int k = FIRST_KIND_TEMPO; k <= LAST_KIND_TEMPO; ++k)
    w.kind_tempo[static_cast<std::size_t>(k)] = v[slot(KIND_TEMPO_SLOT, k - FIRST_KIND_TEMPO)];
  return w;
}

double sigmoid(double z) { return 1.0 / (1.0 + std::exp(-z)); }

// Log loss of one prediction, with p kept off 0 and 1.
double loss_of(double p, double y) {
  p = std::clamp(p, 1e-9, 1.0 - 1e-9);
  return -(y * std::log(p) + (1.0 - y) * std::log(1.0 - p));
}

bool held_out_index(std::size_t i, double share) {
  if (share <= 0) return false;
  const auto every = static_cast<std::size_t>(std::max(2.0, std::round(1.0 / share)));
  return i % every == every - 1;
}

}  // namespace

Weights Weights::current() {
  Weights w;
  for (std::size_t i = 0; i < 11; ++i) {
    w.pattern[i] = params::PATTERN_VALUE[i];
    w.tempo[i] = params::TEMPO_VALUE[i];
    w.kind[i] = params::KIND_VALUE[i];
    w.kind_tempo[i] = params::KIND_TEMPO[i];
  }
  return w;
}

Features features(const Board& board) {
  Features f;
  const Color me = board.to_move(), them = opponent(me);
  if (board.five_cells(me) > 0 || board.five_cells(them) > 0 || board.winning_cells(me) > 0) f.quiet = false;
  for (int y = 0; y < board.size(); ++y)
    for (int x = 0; x < board.size(); ++x) {
      const int idx = board.index({x, y});
      if (board.cell(idx) != CELL_EMPTY) continue;
      for (Color c : {me, them}) {
        const float sign = c == me ? 1.0f : -1.0f;
        for (int d = 0; d < 4; ++d) {
          const int p = static_cast<int>(board.pattern(c, idx, d));
          const auto k = static_cast<std::size_t>(p);
          if (p >= FIRST_PATTERN && p <= LAST_PATTERN) f.x[static_cast<std::size_t>(p - FIRST_PATTERN)] += sign;
          else f.fixed += sign * static_cast<float>(params::PATTERN_VALUE[k]);
          if (c != me) continue;
          if (p >= FIRST_TEMPO && p <= LAST_TEMPO) f.x[static_cast<std::size_t>(PATTERNS + p - FIRST_TEMPO)] += 1.0f;
          else f.fixed += static_cast<float>(params::TEMPO_VALUE[k]);
        }
        const int k = static_cast<int>(board.kind(c, idx));
        const auto kk = static_cast<std::size_t>(k);
        if (k >= FIRST_KIND && k <= LAST_KIND) f.x[slot(KIND_SLOT, k - FIRST_KIND)] += sign;
        else f.fixed += sign * static_cast<float>(params::KIND_VALUE[kk]);
        if (c != me) continue;
        if (k >= FIRST_KIND_TEMPO && k <= LAST_KIND_TEMPO) f.x[slot(KIND_TEMPO_SLOT, k - FIRST_KIND_TEMPO)] += 1.0f;
        else f.fixed += static_cast<float>(params::KIND_TEMPO[kk]);
      }
    }
  return f;
}

double evaluate(const Weights& w, const std::array<float, PARAMETERS>& x, double fixed) {
  const auto v = to_vector(w);
  double e = fixed;
  for (int i = 0; i < PARAMETERS; ++i) e += v[static_cast<std::size_t>(i)] * x[static_cast<std::size_t>(i)];
  return e;
}

std::vector<Sample> samples_of_game(const std::vector<Point>& moves, int size, Rule rule, Outcome outcome, int skip) {
  return samples_of_game(moves, size, rule, outcome, skip, Target{}, 1.0);
}

Target search_target(int depth) {
  std::shared_ptr<Engine> engine = make_strong_engine();
  return [engine, depth](const Board& board) -> std::optional<double> {
    const std::optional<int> value = fixed_depth_value(*engine, board, depth);
    if (!value) return std::nullopt;
    return win_probability(*value);
  };
}

std::vector<Sample> samples_of_game(const std::vector<Point>& moves, int size, Rule rule, Outcome outcome, int skip,
                                    const Target& target, double lambda) {
  std::vector<Sample> out;
  if (outcome == Outcome::NONE) return out;
  Board b(size, rule);
  for (std::size_t i = 0; i < moves.size(); ++i) {
    if (static_cast<int>(i) >= skip) {
      const Features f = features(b);
      if (f.quiet) {
        Sample s;
        s.x = f.x;
        s.fixed = f.fixed;
        const Color me = b.to_move();
        s.result = outcome == Outcome::DRAW ? 0.5f
                   : (outcome == Outcome::BLACK_WINS) == (me == Color::BLACK) ? 1.0f
                                                                             : 0.0f;
        bool keep = true;
        if (target && lambda < 1.0) {
          const std::optional<double> p = target(b);
          keep = p.has_value();
          if (keep) s.result = static_cast<float>(lambda * s.result + (1.0 - lambda) * *p);
        }
        if (keep) out.push_back(s);
      }
    }
    if (!b.empty_at(moves[i])) break;  // a forfeit on an occupied point ends the record
    b.play(moves[i]);
  }
  return out;
}

double log_loss(const Weights& w, double scale, const std::vector<Sample>& samples) {
  if (samples.empty()) return 0;
  double sum = 0;
  for (const auto& s : samples) sum += loss_of(sigmoid(evaluate(w, s.x, s.fixed) / scale), s.result);
  return sum / static_cast<double>(samples.size());
}

FitReport fit(const std::vector<Sample>& samples, const Weights& start, const FitOptions& options) {
  FitReport r;
  std::vector<Sample> train, held;
  for (std::size_t i = 0; i < samples.size(); ++i) (held_out_index(i, options.held_out) ? held : train).push_back(samples[i]);
  r.train = train.size();
  r.held_out = held.size();
  // Step 1: the scale that makes the starting weights predict best (a golden-section search on
  // the log of the scale); it fixes the units, so the fitted weights stay in evaluation points.
  double lo = std::log(10.0), hi = std::log(100000.0);
  const double phi = (std::sqrt(5.0) - 1) / 2;
  for (int it = 0; it < 80; ++it) {
    const double a = hi - phi * (hi - lo), b = lo + phi * (hi - lo);
    if (log_loss(start, std::exp(a), train) < log_loss(start, std::exp(b), train)) hi = b;
    else lo = a;
  }
  r.scale = std::exp((lo + hi) / 2);
  r.train_loss_before = log_loss(start, r.scale, train);
  r.held_out_loss_before = log_loss(start, r.scale, held);

  // Step 2: Adam on the mean log loss. d loss / d w_i = (p - y) * x_i / scale.
  auto v = to_vector(start);
  std::array<double, PARAMETERS> m1{}, m2{};
  constexpr double B1 = 0.9, B2 = 0.999, EPS = 1e-8;
  for (int it = 1; it <= options.iterations && !train.empty(); ++it) {
    std::array<double, PARAMETERS> grad{};
    const Weights w = from_vector(v, start);
    for (const auto& s : train) {
      const double p = sigmoid(evaluate(w, s.x, s.fixed) / r.scale);
      const double g = (p - s.result) / r.scale;
      for (int i = 0; i < PARAMETERS; ++i) grad[static_cast<std::size_t>(i)] += g * s.x[static_cast<std::size_t>(i)];
    }
    for (int i = 0; i < PARAMETERS; ++i) {
      const auto k = static_cast<std::size_t>(i);
      const double gi = grad[k] / static_cast<double>(train.size());
      m1[k] = B1 * m1[k] + (1 - B1) * gi;
      m2[k] = B2 * m2[k] + (1 - B2) * gi * gi;
      const double mh = m1[k] / (1 - std::pow(B1, it)), vh = m2[k] / (1 - std::pow(B2, it));
      v[k] -= options.learning_rate * mh / (std::sqrt(vh) + EPS);
      if (i < KIND_SLOT) v[k] = std::max(0.0, v[k]);
    }
  }
  r.weights = from_vector(v, start);
  r.train_loss_after = log_loss(r.weights, r.scale, train);
  r.held_out_loss_after = log_loss(r.weights, r.scale, held);
  return r;
}

std::string comment_lines(const std::string& text) {
  std::string out;
  std::size_t start = 0;
  while (start < text.size()) {
    const auto nl = text.find('\n', start);
    out += "// " + text.substr(start, nl == std::string::npos ? std::string::npos : nl - start) + "\n";
    if (nl == std::string::npos) break;
    start = nl + 1;
  }
  return out;
}

std::string weights_header(const Weights& w, const std::string& how) {
  auto list = [](const std::array<double, 11>& a) {
    std::string s;
    for (std::size_t i = 0; i < a.size(); ++i) s += fmt::format("{}{}", i ? ", " : "", static_cast<long>(std::lround(a[i])));
    return s;
  };
  const std::string comment = comment_lines(how);
  return fmt::format(
      "#pragma once\n"
      "// The evaluation weights of the Gomoku engine. GENERATED FILE: do not edit by hand.\n"
      "{}"
      "\n#include <array>\n\nnamespace tilestone::gomoku::params {{\n\n"
      "/// Evaluation weight of one line pattern through an empty point, indexed by gomoku::Pattern.\n"
      "/// Order: NONE, OVERLINE, BLOCK1, FLEX1, BLOCK2, FLEX2, BLOCK3, FLEX3, BLOCK4, FLEX4, FIVE.\n"
      "constexpr std::array<int, 11> PATTERN_VALUE = {{{}}};\n"
      "/// What a line pattern through an empty point is worth more to the side to move, who can make\n"
      "/// it first: the threes and fours it makes come with the initiative.\n"
      "constexpr std::array<int, 11> TEMPO_VALUE = {{{}}};\n"
      "/// What the four lines through a point make together, added to the point's value and tempo,\n"
      "/// indexed by gomoku::PointKind. Order: NONE, DEAD_TWO, LIVE_TWO, DEAD_THREE, DOUBLE_TWO,\n"
      "/// LIVE_THREE, DEAD_FOUR, DEAD3_LIVE3, DOUBLE_THREE, FOUR_PLUS, FIVE.\n"
      "constexpr std::array<int, 11> KIND_VALUE = {{{}}};\n"
      "constexpr std::array<int, 11> KIND_TEMPO = {{{}}};\n\n"
      "}}  // namespace tilestone::gomoku::params\n",
      comment, list(w.pattern), list(w.tempo), list(w.kind), list(w.kind_tempo));
}

}  // namespace tilestone::gomoku::tune
