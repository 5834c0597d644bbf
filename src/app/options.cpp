#include "app/options.h"

#include <limits>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "app/cli_values.h"
#include "gomoku/limits.h"

namespace tilestone::app {

namespace {

// "think time per move in milliseconds [1-600000]": the range after the help.
std::string with_range(const std::string& help, std::int64_t lo, std::int64_t hi) {
  if (hi >= std::numeric_limits<std::int64_t>::max() / 2) return fmt::format("{} [{} or more]", help, lo);
  if (lo < 0) return fmt::format("{} [{} to {}]", help, lo, hi);
  return fmt::format("{} [{}-{}]", help, lo, hi);
}

template <class T>
CLI::Option* add_whole(CLI::App* cmd, const std::string& name, T& v, const std::string& value, std::int64_t lo,
                       std::int64_t hi, const std::string& help) {
  return cmd->add_option(name, v, with_range(help, lo, hi))->type_name(value)->check(integer_in(lo, hi));
}

}  // namespace

CLI::Option* add_int(CLI::App* cmd, const std::string& name, int& v, const std::string& value, int lo, int hi,
                     const std::string& help) {
  return add_whole(cmd, name, v, value, lo, hi, help);
}

CLI::Option* add_int(CLI::App* cmd, const std::string& name, std::int64_t& v, const std::string& value,
                     std::int64_t lo, std::int64_t hi, const std::string& help) {
  return add_whole(cmd, name, v, value, lo, hi, help);
}

CLI::Option* add_int(CLI::App* cmd, const std::string& name, std::uint64_t& v, const std::string& value,
                     std::int64_t lo, std::int64_t hi, const std::string& help) {
  return add_whole(cmd, name, v, value, lo, hi, help);
}

CLI::Option* add_int_unset(CLI::App* cmd, const std::string& name, int& v, bool& given, const std::string& value, int lo,
                           int hi, const std::string& help) {
  return add_whole(cmd, name, v, value, lo, hi, help)->default_str("")->each([&given](const std::string&) { given = true; });
}

CLI::Option* add_number(CLI::App* cmd, const std::string& name, double& v, const std::string& value, double lo,
                        double hi, const std::string& help, const std::string& range) {
  const std::string shown = range.empty() ? fmt::format("[{:g}-{:g}]", lo, hi) : range;
  return cmd->add_option(name, v, fmt::format("{} {}", help, shown))->type_name(value)->check(number_in(lo, hi));
}

CLI::Option* add_text(CLI::App* cmd, const std::string& name, std::string& v, const std::string& value,
                      const std::string& help) {
  return cmd->add_option(name, v, help)->type_name(value)->check(non_empty());
}

CLI::Option* add_choice(CLI::App* cmd, const std::string& name, std::string& v, const std::string& value,
                        const std::vector<std::string>& names, const std::string& help) {
  return cmd->add_option(name, v, fmt::format("{}: {}", help, fmt::join(names, ", ")))->type_name(value)->check(one_of(names));
}

CLI::Option* add_seed(CLI::App* cmd, std::uint64_t& seed, const std::string& help) {
  return cmd->add_option("--seed", seed, help)->type_name("SEED")->check(seed_value());
}

CLI::Option* add_threads(CLI::App* cmd, int& threads, int max, const std::string& help) {
  return add_int(cmd, "--threads", threads, "N", 1, max, help);
}

CLI::Option* add_jobs(CLI::App* cmd, int& jobs, int max, const std::string& help) {
  return add_int(cmd, "--jobs", jobs, "N", 1, max, help);
}

CLI::Option* add_time_ms(CLI::App* cmd, int& ms, int max, const std::string& help) {
  return add_int(cmd, "--time-ms", ms, "MS", 1, max, help);
}

CLI::Option* add_depth(CLI::App* cmd, int& depth, int lo, int max, const std::string& help) {
  return add_int(cmd, "--depth", depth, "N", lo, max, help);
}

CLI::Option* add_games(CLI::App* cmd, int& games, int max, const std::string& help) {
  return add_int(cmd, "--games", games, "N", 1, max, help);
}

CLI::Option* add_json_flag(CLI::App* cmd, bool& json, const std::string& help) { return cmd->add_flag("--json", json, help); }

CLI::Option* add_out(CLI::App* cmd, std::string& path, const std::string& help) {
  return add_text(cmd, "--out", path, "FILE", help);
}

CLI::Option* add_json_out(CLI::App* cmd, std::string& path, const std::string& help) {
  return add_text(cmd, "--json-out", path, "FILE", help);
}

CLI::Option* add_held_out_every(CLI::App* cmd, int& every, const std::string& help) {
  constexpr std::int64_t MAX_EVERY = 1000000;
  const CLI::Validator whole = integer_in(0, MAX_EVERY);
  const CLI::Validator not_one(
      [whole](std::string& s) -> std::string {
        if (auto error = whole(s); !error.empty()) return error;
        return s == "1" ? "1 would hold out everything: give 0 (none) or 2 or more" : std::string();
      },
      std::string());
  return cmd->add_option("--held-out-every", every, fmt::format("{} [0: none, or 2-{}]", help, MAX_EVERY))
      ->type_name("K")
      ->check(not_one);
}

CLI::Option* add_shard(CLI::App* cmd, std::string& shard) {
  return add_text(cmd, "--shard", shard, "I/N",
                  "play only shard I of N (game k belongs to shard k mod N); join the shards with `tilestone merge`");
}

CLI::Option* add_gomoku_size(CLI::App* cmd, int& size) {
  return add_int(cmd, "--size", size, "N", gomoku::limits::MIN_SIZE, gomoku::limits::MAX_SIZE, "board size");
}

CLI::Option* add_gomoku_rule(CLI::App* cmd, std::string& rule) {
  return add_choice(cmd, "--rule", rule, "RULE", {"freestyle", "standard", "renju"}, "the rule");
}

CLI::Option* add_gomoku_level(CLI::App* cmd, std::string& level, const std::string& name, const std::string& help) {
  return add_choice(cmd, name, level, "LEVEL", {"strong", "minimax", "montecarlo", "scorer"}, help);
}

int think_time(const CLI::App* cmd, int ms, int depth) {
  if (depth > 0 && cmd->count("--time-ms") == 0) return 0;
  return ms;
}

}  // namespace tilestone::app
