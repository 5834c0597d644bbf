// Nothing lost: a child process records games as fast as it can and reports each id once its
// transaction committed; the parent kills it with SIGKILL at random moments, many times. The
// database must pass PRAGMA integrity_check and hold every acknowledged game.

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <set>
#include <thread>

#include <gtest/gtest.h>

#include "core/rng.h"
#include "store/database.h"

namespace fs = std::filesystem;
using namespace tilestone;

TEST(StoreKill, SigkillDuringWritesLosesNothingAcknowledged) {
  std::string tmpl = (fs::temp_directory_path() / "tilestone-kill-XXXXXX").string();
  const fs::path dir = mkdtemp(tmpl.data());
  const std::string path = (dir / "kill.db").string();
  std::set<std::int64_t> acknowledged;
  core::Rng rng(42);
  constexpr int KILLS = 20;
  for (int round = 0; round < KILLS; ++round) {
    int fds[2];
    ASSERT_EQ(pipe(fds), 0);
    const pid_t pid = fork();
    ASSERT_GE(pid, 0);
    if (pid == 0) {
      // The writer: open, then record games forever, acknowledging each commit.
      close(fds[0]);
      auto db = store::Database::open(path);
      if (!db) _exit(3);
      for (std::int64_t i = 0;; ++i) {
        store::GameRecord g;
        g.game = "2048";
        g.moves = std::string(static_cast<std::size_t>(100 + i % 400), 'L');  // varied sizes, many pages
        g.result = "over";
        g.score = i;
        const auto id = (*db)->add_game(g);
        if (!id) _exit(4);
        const std::int64_t v = *id;
        if (write(fds[1], &v, sizeof v) != static_cast<ssize_t>(sizeof v)) _exit(5);
      }
    }
    close(fds[1]);
    std::this_thread::sleep_for(std::chrono::milliseconds(20 + rng.below(60)));
    kill(pid, SIGKILL);
    int status = 0;
    waitpid(pid, &status, 0);
    ASSERT_TRUE(WIFSIGNALED(status)) << "the writer stopped by itself, status " << status;
    std::int64_t v;
    while (read(fds[0], &v, sizeof v) == static_cast<ssize_t>(sizeof v)) acknowledged.insert(v);
    close(fds[0]);
  }
  ASSERT_GT(acknowledged.size(), static_cast<std::size_t>(KILLS));
  auto db = store::Database::open(path);
  ASSERT_TRUE(db) << db.error();
  const auto check = (*db)->integrity_check();
  ASSERT_TRUE(check);
  EXPECT_EQ(*check, "ok");
  const auto games = (*db)->games();
  ASSERT_TRUE(games);
  std::set<std::int64_t> present;
  for (const auto& g : *games) present.insert(g.id);
  for (std::int64_t id : acknowledged) EXPECT_TRUE(present.count(id)) << "game " << id << " was lost";
  std::error_code ec;
  fs::remove_all(dir, ec);
}
