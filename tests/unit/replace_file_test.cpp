// Files written through a temporary and a rename (networks, training checkpoints): a path that is
// not a regular file is refused and left as it was.

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include "core/replace_file.h"
#include "g2048/ntuple.h"
#include "g2048/weights_file.h"
#include "gomoku/network.h"
#include "temp_dir.h"

using namespace tilestone;
namespace fs = std::filesystem;

namespace {

std::string read_all(const fs::path& p) {
  std::ifstream f(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>()};
}

bool has_temporary(const fs::path& p) { return fs::exists(fs::path(p.string() + ".tmp")); }

// replace_file() on a path that is not a regular file: refused with a message, nothing written.
void expect_refused(const fs::path& p) {
  auto r = core::replace_file(p.string(), "bytes");
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().find("not a regular file"), std::string::npos) << r.error();
  EXPECT_FALSE(has_temporary(p));
}

}  // namespace

TEST(ReplaceFile, WritesAndReplacesAFileAndLeavesNoTemporary) {
  test_support::TempDir dir("replace-file");
  const fs::path p = dir.path / "out.bin";
  auto first = core::replace_file(p.string(), "first");
  ASSERT_TRUE(first) << first.error();
  EXPECT_EQ(*first, 5u);
  EXPECT_EQ(read_all(p), "first");
  auto second = core::replace_file(p.string(), std::string("second\0bytes", 12));
  ASSERT_TRUE(second) << second.error();
  EXPECT_EQ(read_all(p), std::string("second\0bytes", 12));
  EXPECT_FALSE(has_temporary(p));
}

// A pipe stands in for a device such as /dev/null: a rename onto it would replace it with a file.
TEST(ReplaceFile, RefusesAPipeAndLeavesIt) {
  test_support::TempDir dir("replace-file");
  const fs::path p = dir.path / "pipe";
  ASSERT_EQ(mkfifo(p.c_str(), 0600), 0);
  expect_refused(p);
  EXPECT_TRUE(fs::is_fifo(p));
}

TEST(ReplaceFile, RefusesAFolderAndLeavesNoTemporary) {
  test_support::TempDir dir("replace-file");
  const fs::path p = dir.path / "folder";
  fs::create_directory(p);
  expect_refused(p);
  EXPECT_TRUE(fs::is_directory(p));
}

TEST(ReplaceFile, AFolderThatCannotBeWrittenGivesAMessage) {
  test_support::TempDir dir("replace-file");
  const fs::path p = dir.path / "missing" / "out.bin";
  auto r = core::replace_file(p.string(), "bytes");
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().find("cannot write"), std::string::npos) << r.error();
}

// The savers of both games' networks go through it.
TEST(ReplaceFile, NetworkSaversRefuseAPipe) {
  test_support::TempDir dir("replace-file");
  const fs::path p = dir.path / "pipe";
  ASSERT_EQ(mkfifo(p.c_str(), 0600), 0);
  const g2048::NTupleNetwork ntuple({{0, 1, 2, 3}, {4, 5, 6, 7}});
  auto a = g2048::save_network(ntuple, p.string());
  ASSERT_FALSE(a);
  EXPECT_NE(a.error().find("not a regular file"), std::string::npos) << a.error();
  auto b = gomoku::save_network_file(gomoku::Network::random(gomoku::Rule::FREESTYLE, 1), p.string());
  ASSERT_FALSE(b);
  EXPECT_NE(b.error().find("not a regular file"), std::string::npos) << b.error();
  EXPECT_TRUE(fs::is_fifo(p));
  EXPECT_FALSE(has_temporary(p));
}
