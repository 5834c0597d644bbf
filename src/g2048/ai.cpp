#include "g2048/ai.h"

#include <cmath>
#include <string>

#include <fmt/format.h>

#include "g2048/ai_impl.h"
#include "g2048/heuristic.h"
#include "g2048/ntuple.h"
#include "g2048/params.h"

namespace tilestone::g2048 {

Analysis legal_moves(Board b) {
  Analysis a;
  for (Dir d : ALL_DIRS) a.legal[index(d)] = b.can_move(d);
  return a;
}

Analysis finish(Analysis a, std::int64_t t0_us) {
  a.time_ms = static_cast<double>(core::now_us() - t0_us) / 1000.0;
  return a;
}

const std::vector<std::string>& ai_names() {
  static const std::vector<std::string> names{"expectimax", "ntuple", "minimax", "montecarlo", "greedy", "random"};
  return names;
}

bool plays_with_network(const AiConfig& config) {
  return config.name == "ntuple" ||
         (config.name == "expectimax" && config.network && !config.weights &&
          (config.eval == "ntuple" || (config.eval.empty() && params::NTUPLE_IS_DEFAULT_EVAL)));
}

core::Result<std::unique_ptr<Ai>> make_ai(const AiConfig& config) {
  // Build the lookup tables now, so that no search pays for them inside its time budget.
  (void)row_tables();
  (void)row_heuristic_table();
  seed002::init_tables();
  if (config.weights && config.name != "minimax")
    return core::fail("--weights applies to the minimax AI only");
  if (!config.eval.empty() && config.eval != "ntuple" && config.eval != "heuristic")
    return core::fail(fmt::format("unknown evaluation '{}': choose ntuple or heuristic", config.eval));
  if (!config.eval.empty() && config.name != "expectimax")
    return core::fail("--eval applies to the expectimax AI only");
  const bool wants_network = config.name == "ntuple" || (config.name == "expectimax" && config.eval == "ntuple");
  if (wants_network && !config.network)
    return core::fail(fmt::format("the {} AI needs an n-tuple network, and none is loaded", config.name));
  const bool network_eval = plays_with_network(config);
  if (config.downgrade_from) {
    if (!network_eval) return core::fail("--downgrade-from applies to the network's values: the ntuple AI, or expectimax over the network");
    if (!NTupleNetwork::valid_downgrade_exponent(*config.downgrade_from))
      return core::fail(fmt::format("tile downgrading cannot start from exponent {}", *config.downgrade_from));
  }
  if (config.name == "expectimax")
    return network_eval ? make_expectimax(config.network, config.downgrade_from) : make_expectimax();
  if (config.name == "ntuple") return make_ntuple(config.network, config.downgrade_from);
  if (config.name == "minimax") return make_minimax(config.weights);
  if (config.name == "montecarlo") return make_montecarlo();
  if (config.name == "greedy") return make_greedy();
  if (config.name == "random") return make_random();
  return core::fail(fmt::format("unknown AI '{}': choose one of {}", config.name, fmt::join(ai_names(), ", ")));
}

core::Result<Seed004Weights> parse_weights(std::string_view text) {
  Seed004Weights w{};
  std::size_t pos = 0;
  for (int i = 0; i < 6; ++i) {
    const std::size_t end = text.find(',', pos);
    const std::string token(text.substr(pos, end == std::string_view::npos ? std::string_view::npos : end - pos));
    if (token.empty()) return core::fail("--weights needs six comma-separated numbers");
    try {
      std::size_t used = 0;
      w[i] = std::stod(token, &used);
      if (used != token.size() || !std::isfinite(w[i])) throw std::invalid_argument(token);
    } catch (const std::exception&) {
      return core::fail(fmt::format("--weights: '{}' is not a number", token));
    }
    if (end == std::string_view::npos) {
      if (i != 5) return core::fail("--weights needs six comma-separated numbers");
      return w;
    }
    pos = end + 1;
  }
  return core::fail("--weights needs six comma-separated numbers");
}

}  // namespace tilestone::g2048
