// `tilestone gomoku netcheck`: how well a network serves a search, beside the classical
// evaluation, on searched positions (lab/gomoku/network_check.h).

#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "app/commands.h"
#include "app/options.h"
#include "core/rng.h"
#include "gomoku/network.h"
#include "lab/gomoku/network_check.h"
#include "lab/gomoku/training_data.h"

namespace tilestone::app {
namespace {

struct NetcheckCli {
  std::string network;
  std::vector<std::string> data;
  std::int64_t positions = 2000;
  std::uint64_t seed = 1;
  bool json = false;
};

// The mean of a value less the search's with side `side` to move.
double mean_gap(const gomoku::EvalCheckTotals& t, const gomoku::NetworkCheck& r, int side) {
  const auto s = static_cast<std::size_t>(side);
  return t.gap_by_side[s] / static_cast<double>(std::max(r.positions_by_side[s], 1LL));
}

// What the check's sums are divided by, once for the text and the JSON: the counts, at least 1,
// so that an empty check shows zeros.
struct Divisors {
  double positions, signed_positions, results;
  explicit Divisors(const gomoku::NetworkCheck& r)
      : positions(static_cast<double>(std::max(r.positions, 1LL))),
        signed_positions(static_cast<double>(std::max(r.signed_positions, 1LL))),
        results(static_cast<double>(std::max(r.results, 1LL))) {}
};

nlohmann::json totals_json(const gomoku::EvalCheckTotals& t, const gomoku::NetworkCheck& r, const Divisors& per) {
  return {{"sign_agreement", static_cast<double>(t.sign_agrees) / per.signed_positions},
          {"cross_entropy", t.cross_entropy / per.positions},
          {"one_ply_agreement", static_cast<double>(t.one_ply_agrees) / per.positions},
          {"order_agreement", static_cast<double>(t.order_agrees) / per.positions},
          {"mean_gap_black_to_move", mean_gap(t, r, 0)},
          {"mean_gap_white_to_move", mean_gap(t, r, 1)},
          {"result_cross_entropy", t.result_cross_entropy / per.results}};
}

void run(const NetcheckCli& c) {
  auto net = gomoku::load_network_file(c.network);
  if (!net) throw UsageError("--network: " + net.error());
  std::vector<gomoku::TrainingRecord> records;
  for (const auto& path : c.data) {
    auto part = gomoku::read_data(path);
    if (!part) throw UsageError(part.error());
    for (auto& r : *part)
      if (r.rule == net->rule()) records.push_back(r);
  }
  if (records.empty())
    throw UsageError(fmt::format("the data holds no position of the network's rule ({})", gomoku::rule_name(net->rule())));
  // A seeded sample, so that a large data set is checked quickly and the figures repeat.
  if (static_cast<std::int64_t>(records.size()) > c.positions) {
    core::Rng rng(c.seed);
    for (std::size_t i = 0; i < static_cast<std::size_t>(c.positions); ++i) {
      const auto j = i + static_cast<std::size_t>(rng.below(static_cast<std::uint32_t>(records.size() - i)));
      std::swap(records[i], records[j]);
    }
    records.resize(static_cast<std::size_t>(c.positions));
  }
  const auto r = gomoku::check_network(*net, records);
  const Divisors per(r);
  if (c.json) {
    nlohmann::json j = {{"network_file", c.network}, {"rule", gomoku::rule_name(net->rule())}, {"positions", r.positions},
                        {"classical_share", net->classical_share()}, {"skipped", r.skipped}, {"seed", c.seed},
                        {"signed_positions", r.signed_positions},
                        {"positions_black_to_move", r.positions_by_side[0]},
                        {"positions_white_to_move", r.positions_by_side[1]},
                        {"positions_with_result", r.results},
                        {"search_result_cross_entropy", r.search_result_cross_entropy / per.results},
                        {"classical", totals_json(r.classical, r, per)},
                        {"network", totals_json(r.network, r, per)}};
    nlohmann::json shares = nlohmann::json::array();
    for (const auto& sc : r.by_share)
      shares.push_back({{"classical_share", sc.share},
                        {"sign_agreement", static_cast<double>(sc.sign_agrees) / per.signed_positions},
                        {"cross_entropy", sc.cross_entropy / per.positions},
                        {"result_cross_entropy", sc.result_cross_entropy / per.results}});
    j["value_by_classical_share"] = shares;
    j["best_classical_share"] = r.best_share();
    j["best_result_classical_share"] = r.best_result_share();
    std::cout << j.dump() << "\n";
    return;
  }
  const double n = per.positions, ns = per.signed_positions, nr = per.results;
  std::cout << fmt::format("{} positions checked ({} skipped: proven, or the search's move not among the root's); "
                           "the signs on the {} whose search value is not 0\n",
                           r.positions, r.skipped, r.signed_positions);
  if (net->classical_share() > 0)
    std::cout << fmt::format("the network's values are blended with the classical evaluation's ({} % classical)\n",
                             net->classical_share());
  std::cout << fmt::format("{:<34} {:>10} {:>10}\n", "", "classical", "network");
  auto row = [&](const char* what, double a, double b, const char* unit) {
    std::cout << fmt::format("{:<34} {:>9.{}f}{} {:>9.{}f}{}\n", what, a, unit[0] ? 1 : 3, unit, b, unit[0] ? 1 : 3, unit);
  };
  row("value has the search's sign", 100.0 * static_cast<double>(r.classical.sign_agrees) / ns,
      100.0 * static_cast<double>(r.network.sign_agrees) / ns, "%");
  row("cross-entropy to the search's p", r.classical.cross_entropy / n, r.network.cross_entropy / n, "");
  row("one ply picks the search's move", 100.0 * static_cast<double>(r.classical.one_ply_agrees) / n,
      100.0 * static_cast<double>(r.network.one_ply_agrees) / n, "%");
  row("move order puts it first", 100.0 * static_cast<double>(r.classical.order_agrees) / n,
      100.0 * static_cast<double>(r.network.order_agrees) / n, "%");
  std::cout << fmt::format("{:<34} {:>10.0f} {:>10.0f}\n", "value - search's, black to move", mean_gap(r.classical, r, 0),
                           mean_gap(r.network, r, 0));
  std::cout << fmt::format("{:<34} {:>10.0f} {:>10.0f}\n", "value - search's, white to move", mean_gap(r.classical, r, 1),
                           mean_gap(r.network, r, 1));
  if (r.results > 0) {
    std::cout << fmt::format("\non the {} positions of a game's path, cross-entropy to the game's result: the search's value {:.3f}\n",
                             r.results, r.search_result_cross_entropy / nr);
    row("cross-entropy to the game's result", r.classical.result_cross_entropy / nr, r.network.result_cross_entropy / nr, "");
  }
  // The value blended at every share: which share a file should carry (export.py --classical-share).
  std::cout << "\nthe value blended with the classical evaluation, by the classical share:\n";
  std::cout << fmt::format("{:>15} {:>15} {:>15} {:>15}\n", "classical share", "search's sign", "cross-entropy", "to the result");
  for (const auto& sc : r.by_share)
    std::cout << fmt::format("{:>13} % {:>14.1f}% {:>15.3f} {:>15}\n", sc.share, 100.0 * static_cast<double>(sc.sign_agrees) / ns,
                             sc.cross_entropy / n, r.results > 0 ? fmt::format("{:.3f}", sc.result_cross_entropy / nr) : "-");
  std::cout << fmt::format("closest to the search's values: a classical share of {} %\n", r.best_share());
  if (r.results > 0)
    std::cout << fmt::format("closest to the games' results: a classical share of {} %\n", r.best_result_share());
}

}  // namespace

void add_gomoku_netcheck_command(CLI::App& gomoku) {
  auto c = std::make_shared<NetcheckCli>();
  auto* cmd = gomoku.add_subcommand("netcheck", "how well a network serves the search, beside the classical evaluation, on self-play data");
  add_text(cmd, "--network", c->network, "FILE", "the network file")->required();
  cmd->add_option("data", c->data, "self-play data files (gomoku selfplay --out)")->type_name("FILE")->default_str("")->required();
  add_int(cmd, "--positions", c->positions, "N", 1, 10000000, "check a seeded sample of at most N positions");
  add_seed(cmd, c->seed, "seed of the sample");
  add_json_flag(cmd, c->json);
  cmd->callback([c] { run(*c); });
}

}  // namespace tilestone::app
