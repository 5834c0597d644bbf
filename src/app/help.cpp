#include "app/help.h"

#include <algorithm>
#include <iostream>
#include <memory>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "app/commands.h"

namespace tilestone::app {

namespace {

std::vector<const CLI::App*> commands_of(const CLI::App* app) {
  return app->get_subcommands([](const CLI::App*) { return true; });
}

const CLI::App* command_named(const CLI::App* app, const std::string& word) {
  for (const CLI::App* c : commands_of(app))
    if (c->get_name() == word) return c;
  return nullptr;
}

// "tilestone gomoku hint": the words that name `app`.
std::string path_of(const CLI::App* app) {
  std::string path = app->get_name();
  for (const CLI::App* p = app->get_parent(); p != nullptr; p = p->get_parent()) path = p->get_name() + " " + path;
  return path;
}

// "tilestone help gomoku": how to see `app`'s help.
std::string help_of(const CLI::App* app) {
  const std::string path = path_of(app);
  const auto space = path.find(' ');
  return space == std::string::npos ? path + " help" : path.substr(0, space) + " help" + path.substr(space);
}

// The optimal string alignment distance: insertions, deletions, substitutions and swaps of two
// neighbours ("hnit" is one from "hint").
std::size_t distance(const std::string& a, const std::string& b) {
  std::vector<std::vector<std::size_t>> d(a.size() + 1, std::vector<std::size_t>(b.size() + 1));
  for (std::size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
  for (std::size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.size()][b.size()];
}

// The command of `app` nearest to `word`, when it is near enough to be a slip: at most a third
// of the word's letters wrong (at least one), or the word the start of exactly one command.
std::string nearest(const CLI::App* app, const std::string& word) {
  std::string best;
  std::size_t best_distance = std::max<std::size_t>(1, word.size() / 3) + 1;
  std::vector<std::string> prefixed;
  for (const CLI::App* c : commands_of(app)) {
    const std::string& name = c->get_name();
    if (name == "help" && app->get_parent() != nullptr) continue;
    if (const std::size_t d = distance(word, name); d < best_distance) {
      best_distance = d;
      best = name;
    }
    if (!word.empty() && name.rfind(word, 0) == 0) prefixed.push_back(name);
  }
  if (best.empty() && prefixed.size() == 1) best = prefixed[0];
  return best;
}

std::string command_list(const CLI::App* app) {
  std::vector<std::string> names;
  for (const CLI::App* c : commands_of(app)) names.push_back(c->get_name());
  return fmt::format("{}", fmt::join(names, ", "));
}

// "unknown command 'hnt' for 'tilestone gomoku'; did you mean 'hint'?" and where the list is.
std::string unknown_command(const CLI::App* app, const std::string& word) {
  const std::string near = nearest(app, word);
  const std::string of = app->get_parent() == nullptr ? "" : fmt::format(" for '{}'", path_of(app));
  if (!near.empty())
    return fmt::format("unknown command '{}'{}; did you mean '{}'?\nRun '{}' for the list of commands.", word, of, near, help_of(app));
  return fmt::format("unknown command '{}'{} (commands: {})\nRun '{}' for more.", word, of, command_list(app), help_of(app));
}

}  // namespace

void add_help_command(CLI::App& root) {
  auto words = std::make_shared<std::vector<std::string>>();
  auto* cmd = root.add_subcommand("help", "show the help of a command (tilestone help gomoku hint)");
  cmd->add_option("command", *words, "the command and its subcommands (none: this program's help)")->type_name("COMMAND")->default_str("");
  cmd->callback([&root, words] {
    const CLI::App* app = &root;
    for (const auto& w : *words) {
      const CLI::App* next = command_named(app, w);
      if (next == nullptr) throw UsageError(unknown_command(app, w));
      app = next;
    }
    std::cout << app->get_formatter()->make_help(app, path_of(app), CLI::AppFormatMode::Normal);
  });
}

void tidy_help(CLI::App& app) {
  for (CLI::Option* o : app.get_options())
    if (o->get_required()) o->default_str("");
  for (CLI::App* c : app.get_subcommands([](CLI::App*) { return true; })) tidy_help(*c);
}

std::string help_footer() {
  return R"(Exit status:
  0  success
  1  the command failed: a file or database that cannot be read or written, a file whose
     contents are wrong, a recorded game that is not there
  2  the command line is wrong: an unknown command or option, a missing or bad value
  130  a training run, match or self-play run stopped by Ctrl-C or a TERM signal before its
     end: what it had done is saved (a checkpoint to resume from, the games played so far)

Environment:
  TILESTONE_DB      the game database when --db is not given
  XDG_DATA_HOME     the default database is $XDG_DATA_HOME/tilestone/tilestone.db (and the best
                    2048 score lies beside it)
  HOME              without XDG_DATA_HOME: $HOME/.local/share/tilestone/tilestone.db
  TILESTONE_NTUPLE  the 2048 n-tuple network to load instead of the shipped one
  TILESTONE_GOMOKU_NETWORKS  a folder of Gomoku networks (gomoku-RULE.tsnet) for --eval network
                    instead of the shipped ones

Files:
  share/tilestone/ntuple.tsn beside the program's bin folder: the shipped 2048 network (and its
  training log, ntuple-train.csv); share/tilestone/gomoku-freestyle.tsnet, gomoku-standard.tsnet and
  gomoku-renju.tsnet: the shipped Gomoku networks (--eval network); the web app is built into the program.

'tilestone help COMMAND [SUBCOMMAND]' shows a command's options; docs/cli.md has every one.)";
}

std::string command_error(const CLI::App& root, int argc, const char* const* argv) {
  const CLI::App* app = &root;
  for (int i = 1; i < argc; ++i) {
    const std::string word = argv[i];
    // An option ends the words that name the command; CLI11 reads the rest.
    if (word.empty() || word[0] == '-') return {};
    if (commands_of(app).empty()) return {};
    if (const CLI::App* next = command_named(app, word)) {
      if (next->get_name() == "help") return {};  // the help command checks its own words
      app = next;
      continue;
    }
    return unknown_command(app, word);
  }
  if (app->get_require_subcommand_min() == 0) return {};
  const std::string of = app->get_parent() == nullptr ? "" : fmt::format(" of '{}'", path_of(app));
  return fmt::format("a command{} is needed: {}\nRun '{}' for more.", of, command_list(app), help_of(app));
}

std::string failure_message(const CLI::App* root, const CLI::Error& e) {
  const CLI::App* app = root;
  for (auto selected = app->get_subcommands(); !selected.empty(); selected = app->get_subcommands()) app = selected.front();
  return fmt::format("tilestone: {}\nRun '{}' for more information.\n", e.what(), help_of(app));
}

}  // namespace tilestone::app
