// `tilestone gomoku classical`: the classical evaluation of every position of self-play data,
// written beside it for train/gomoku/train.py --classical (lab/gomoku/classical_values.h).

#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "app/commands.h"
#include "app/options.h"
#include "app/outputs.h"
#include "lab/gomoku/classical_values.h"
#include "lab/gomoku/training_data.h"

namespace tilestone::app {
namespace {

struct ClassicalCli {
  std::vector<std::string> data;
  std::string out;
};

void run(const ClassicalCli& c) {
  std::vector<gomoku::ClassicalValue> values;
  for (const auto& path : c.data) {
    auto records = gomoku::read_data(path);
    if (!records) throw UsageError(records.error());
    auto part = gomoku::classical_values(*records);
    if (!part) throw UsageError(path + ", " + part.error());
    values.insert(values.end(), part->begin(), part->end());
  }
  // Written once every file has been read and valued: a bad input leaves no file behind.
  write_file(c.out, gomoku::encode_classical_values(values));
  std::cout << fmt::format("wrote {}: the classical values of {} positions from {} file{}\n", c.out, values.size(),
                           c.data.size(), c.data.size() == 1 ? "" : "s");
}

}  // namespace

void add_gomoku_classical_command(CLI::App& gomoku) {
  auto c = std::make_shared<ClassicalCli>();
  auto* cmd = gomoku.add_subcommand(
      "classical", "the classical evaluation of every position of self-play data, for training a network blended with it");
  cmd->add_option("data", c->data, "self-play data files (gomoku selfplay --out), in the order the trainer reads them")
      ->type_name("FILE")
      ->default_str("")
      ->required();
  add_text(cmd, "--out", c->out, "FILE", "the classical values file to write (train.py --classical)")->required();
  cmd->callback([c] { run(*c); });
}

}  // namespace tilestone::app
