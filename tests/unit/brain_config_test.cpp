// The brain's settings beyond the protocol: the config file's lines, bad ones refused with the
// file and line, and a brain given a network playing with it under its rule only.

#include <gtest/gtest.h>

#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "brain_lines.h"
#include "gomoku/network.h"
#include "protocol/brain_config.h"
#include "protocol/gomocup.h"
#include "scoped_env.h"
#include "temp_dir.h"

using namespace tilestone;
using gomoku::Rule;

namespace {

std::string save_random(const std::filesystem::path& dir, const std::string& name, Rule rule, std::uint64_t seed) {
  const std::string path = (dir / name).string();
  EXPECT_TRUE(gomoku::save_network_file(gomoku::Network::random(rule, seed), path));
  return path;
}

std::vector<std::string> talk(const protocol::BrainConfig& config, const std::string& transcript) {
  protocol::BrainOptions options;
  options.config = config;
  options.default_turn_ms = 100;
  return test_support::brain_lines(transcript, options);
}

}  // namespace

TEST(BrainConfig, ReadsNetworksByTheirRuleAndTheEvalSetting) {
  test_support::TempDir dir("brain-config");
  save_random(dir.path, "free.tsnet", Rule::FREESTYLE, 1);
  save_random(dir.path, "renju.tsnet", Rule::RENJU, 2);
  protocol::BrainConfig config;
  const std::string text = "# the brain's networks\n  network = free.tsnet  \r\nnetwork=renju.tsnet # renju\n\n";
  auto ok = protocol::apply_config_text(config, text, dir.path, "pbrain-tilestone.cfg");
  ASSERT_TRUE(ok) << ok.error();
  ASSERT_NE(config.network_for(Rule::FREESTYLE), nullptr);
  EXPECT_EQ(config.network_for(Rule::FREESTYLE)->rule(), Rule::FREESTYLE);
  ASSERT_NE(config.network_for(Rule::RENJU), nullptr);
  EXPECT_EQ(config.network_for(Rule::RENJU)->rule(), Rule::RENJU);
  EXPECT_EQ(config.network_for(Rule::STANDARD), nullptr);
  ASSERT_TRUE(protocol::apply_config_text(config, "eval = classical\n", dir.path, "x"));
  EXPECT_EQ(config.network_for(Rule::FREESTYLE), nullptr);
}

TEST(BrainConfig, BadLinesAreRefusedNamingTheFileAndLine) {
  test_support::TempDir dir("brain-config-bad");
  save_random(dir.path, "free.tsnet", Rule::FREESTYLE, 1);
  std::ofstream(dir.path / "junk.tsnet") << "not a network";
  auto refused = [&](const std::string& text, const std::string& why) {
    protocol::BrainConfig config;
    auto ok = protocol::apply_config_text(config, text, dir.path, "pbrain-tilestone.cfg");
    ASSERT_FALSE(ok) << text;
    EXPECT_NE(ok.error().find(why), std::string::npos) << ok.error();
  };
  refused("network free.tsnet\n", "pbrain-tilestone.cfg line 1: expected key = value");
  refused("\nthreads = 4\n", "line 2: unknown setting 'threads'");
  refused("eval = fast\n", "eval must be classical or network, not 'fast'");
  refused("network = missing.tsnet\n", "cannot open network file");
  refused("network = junk.tsnet\n", "junk.tsnet");
  refused("network = free.tsnet\nnetwork = free.tsnet\n", "line 2: ");
  refused("network = free.tsnet\nnetwork = free.tsnet\n", "a second network for freestyle");
  refused("network =\n", "network needs a file");
  // eval = network without a network file takes the shipped ones once every setting is in, and
  // is refused where none is shipped.
  const std::filesystem::path none = dir.path / "none", shipped = dir.path / "shipped";
  std::filesystem::create_directories(none);
  std::filesystem::create_directories(shipped);
  save_random(shipped, "gomoku-freestyle.tsnet", Rule::FREESTYLE, 5);
  protocol::BrainConfig asked;
  ASSERT_TRUE(protocol::apply_config_text(asked, "eval = network\n", dir.path, "x"));
  {
    const test_support::ScopedEnv env("TILESTONE_GOMOKU_NETWORKS", none.string());
    auto no_net = protocol::finish(asked);
    ASSERT_FALSE(no_net);
    EXPECT_NE(no_net.error().find("eval = network needs a network file (network = FILE): none is shipped"), std::string::npos)
        << no_net.error();
  }
  {
    const test_support::ScopedEnv env("TILESTONE_GOMOKU_NETWORKS", shipped.string());
    protocol::BrainConfig from_shipped = asked;
    ASSERT_TRUE(protocol::finish(from_shipped));
    EXPECT_NE(from_shipped.network_for(Rule::FREESTYLE), nullptr);
    EXPECT_EQ(from_shipped.network_for(Rule::RENJU), nullptr);
  }
  // A file given wins over the shipped ones.
  ASSERT_TRUE(protocol::apply_setting(asked, "network", (dir.path / "free.tsnet").string(), {}));
  const test_support::ScopedEnv env("TILESTONE_GOMOKU_NETWORKS", none.string());
  EXPECT_TRUE(protocol::finish(asked));
}

TEST(BrainConfig, TheBrainPlaysWithTheNetworkOfTheBoardsRuleOnly) {
  test_support::TempDir dir("brain-config-play");
  protocol::BrainConfig config;
  ASSERT_TRUE(protocol::apply_setting(config, "network", save_random(dir.path, "free.tsnet", Rule::FREESTYLE, 3), {}));
  const auto lines = talk(config, "INFO max_depth 2\nSTART 15\nBEGIN\nINFO rule 4\nRESTART\nBEGIN\nEND\n");
  ASSERT_EQ(lines.size(), 6u) << ::testing::PrintToString(lines);
  EXPECT_EQ(lines[0], "MESSAGE evaluation: network for freestyle");
  EXPECT_EQ(lines[1], "OK");
  EXPECT_TRUE(std::regex_match(lines[2], std::regex("[0-9]+,[0-9]+"))) << lines[2];
  EXPECT_EQ(lines[3], "MESSAGE evaluation: classical (no network for this rule)");
  EXPECT_EQ(lines[4], "OK");
  EXPECT_TRUE(std::regex_match(lines[5], std::regex("[0-9]+,[0-9]+"))) << lines[5];
  // eval = classical keeps the network off, and says so.
  config.classical = true;
  const auto off = talk(config, "START 15\nEND\n");
  ASSERT_EQ(off.size(), 2u);
  EXPECT_EQ(off[0], "MESSAGE evaluation: classical (eval = classical)");
  // Without a network nothing is said: a plain brain's answers are unchanged.
  const auto plain = talk({}, "START 15\nEND\n");
  ASSERT_EQ(plain.size(), 1u);
  EXPECT_EQ(plain[0], "OK");
}
