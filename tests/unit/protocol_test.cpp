// The Gomocup protocol, fed recorded transcripts: answers, errors, and no crash or hang on bad
// input.

#include <gtest/gtest.h>

#include <chrono>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "gomoku/board.h"
#include "gomoku/rules.h"
#include "brain_lines.h"
#include "protocol/gomocup.h"
#include "protocol/text.h"
#include "protocol/time_control.h"

using namespace tilestone;
using gomoku::Board;
using gomoku::Color;
using gomoku::Point;

namespace {

std::vector<std::string> talk(const std::string& transcript, gomoku::Level level = gomoku::Level::SCORER) {
  protocol::BrainOptions options;
  options.level = level;
  options.default_turn_ms = 100;
  return test_support::brain_lines(transcript, options);
}

// A session with the position the brain holds after every command (nullopt before START) and
// how long each answer line took from the command before it.
struct Session {
  std::vector<std::string> out;
  std::vector<std::optional<Board>> positions;
};

Session session(const std::string& transcript, int turn_ms = 100) {
  std::istringstream in(transcript);
  std::ostringstream out;
  protocol::BrainOptions options;
  options.default_turn_ms = turn_ms;
  Session s;
  options.observer = [&](const Board* b) { s.positions.push_back(b ? std::optional<Board>(*b) : std::nullopt); };
  EXPECT_EQ(protocol::run(in, out, options), 0);
  std::istringstream answers(out.str());
  for (std::string line; std::getline(answers, line);) s.out.push_back(line);
  return s;
}

// The same stones, colours, side to move and last move.
bool same_position(const Board& a, const Board& b) {
  if (a.size() != b.size() || a.move_count() != b.move_count() || a.to_move() != b.to_move() || a.last_move() != b.last_move())
    return false;
  for (int y = 0; y < a.size(); ++y)
    for (int x = 0; x < a.size(); ++x)
      if (a.at({x, y}) != b.at({x, y})) return false;
  return true;
}

Point point_of(const std::string& move) {
  Point p;
  char comma = 0;
  std::istringstream(move) >> p.x >> comma >> p.y;
  return p;
}

bool is_move(const std::string& s, int size) {
  int x = -1, y = -1;
  char comma = 0;
  std::istringstream in(s);
  in >> x >> comma >> y;
  return in && comma == ',' && x >= 0 && y >= 0 && x < size && y < size && in.peek() == EOF;
}

TEST(ProtocolGomocup, StartBeginTurn) {
  const auto out = talk("START 15\r\nBEGIN\r\nTURN 8,8\r\nEND\r\n");
  ASSERT_EQ(out.size(), 3u);
  EXPECT_EQ(out[0], "OK");
  EXPECT_EQ(out[1], "7,7");
  EXPECT_TRUE(is_move(out[2], 15)) << out[2];
  EXPECT_NE(out[2], "7,7");
  EXPECT_NE(out[2], "8,8");
}

TEST(ProtocolGomocup, StartSizes) {
  const auto out = talk("START 20\nSTART 4\nSTART 23\nSTART abc\nRECTSTART 20,20\nRECTSTART 20,15\nRECTSTART 7\n");
  ASSERT_EQ(out.size(), 7u);
  EXPECT_EQ(out[0], "OK");
  for (int i : {1, 2, 3, 5, 6}) EXPECT_EQ(out[static_cast<std::size_t>(i)].rfind("ERROR", 0), 0u) << out[static_cast<std::size_t>(i)];
  EXPECT_EQ(out[4], "OK");
}

TEST(ProtocolGomocup, BoardCommandBlocksAFour) {
  // The opponent (2) has four in a row blocked on one side: the brain must take 5,0.
  const auto out = talk(
      "START 15\nINFO rule 0\nBOARD\n0,0,1\n1,0,2\n2,2,1\n2,0,2\n3,3,1\n3,0,2\n14,14,1\n4,0,2\nDONE\nEND\n",
      gomoku::Level::STRONG);
  ASSERT_EQ(out.size(), 2u);
  EXPECT_EQ(out[1], "5,0");
}

TEST(ProtocolGomocup, BoardTakesOurFive) {
  const auto out = talk("START 15\nBOARD\n3,3,1\n10,10,2\n4,3,1\n10,11,2\n5,3,1\n12,12,2\n6,3,1\n0,14,2\nDONE\n",
                        gomoku::Level::STRONG);
  ASSERT_EQ(out.size(), 2u);
  EXPECT_TRUE(out[1] == "2,3" || out[1] == "7,3") << out[1];
}

TEST(ProtocolGomocup, MalformedAndIllegalInput) {
  const auto out = talk(
      "TURN 1,1\n"        // no board yet
      "START 15\n"
      "TURN 7,7\n"        // a move
      "TURN 7,7\n"        // occupied
      "TURN 15,3\n"       // off the board
      "TURN -1,3\n"       // off the board
      "TURN a,b\n"        // malformed
      "TURN 99999999999999999999,1\n"
      "FOO bar\n"         // unknown
      "BOARD\n1,1\n20,20,1\n1,1,7\nDONE\n"  // malformed BOARD lines
      "BOARD\n1,1,1\n1,1,2\nDONE\n"         // the same point twice
      "TAKEBACK 3,3\n"    // not the last move
      "INFO timeout_turn\n"  // no number: a MESSAGE, not an answer
      "\n\n"
      "ABOUT\n");
  ASSERT_EQ(out.size(), 14u);
  EXPECT_EQ(out[0].rfind("ERROR", 0), 0u);
  EXPECT_EQ(out[1], "OK");
  EXPECT_TRUE(is_move(out[2], 15));
  for (int i = 3; i <= 7; ++i) EXPECT_EQ(out[static_cast<std::size_t>(i)].rfind("ERROR", 0), 0u) << out[static_cast<std::size_t>(i)];
  EXPECT_EQ(out[8].rfind("UNKNOWN", 0), 0u);
  for (int i = 9; i <= 11; ++i) EXPECT_EQ(out[static_cast<std::size_t>(i)].rfind("ERROR", 0), 0u) << out[static_cast<std::size_t>(i)];
  EXPECT_EQ(out[12].rfind("MESSAGE INFO TIMEOUT_TURN", 0), 0u) << out[12];  // INFO is never answered
  EXPECT_EQ(out[13].rfind("name=\"tilestone\"", 0), 0u);
}

TEST(ProtocolGomocup, TakebackRestartAndInfo) {
  const auto out = talk(
      "INFO timeout_turn 50\nINFO timeout_match 100000\nINFO time_left 100000\nINFO max_memory 83886080\n"
      "INFO thread_num 1\nINFO rule 4\nINFO game_type 1\nINFO folder /tmp\nINFO unknown_key 3\n"
      "START 15\nBEGIN\nTAKEBACK 7,7\nBEGIN\nRESTART\nBEGIN\nEND\nTURN 1,1\n");
  ASSERT_EQ(out.size(), 6u);
  EXPECT_EQ(out[0], "OK");
  EXPECT_EQ(out[1], "7,7");
  EXPECT_EQ(out[2], "OK");
  EXPECT_EQ(out[3], "7,7");
  EXPECT_EQ(out[4], "OK");
  EXPECT_EQ(out[5], "7,7");
}

TEST(ProtocolGomocup, RenjuBoardAsBlackAvoidsForbidden) {
  // We are black (equal counts) under renju; f6-like double-three points must not be chosen.
  const auto out = talk(
      "INFO rule 4\nSTART 15\nBOARD\n5,3,1\n0,14,2\n5,4,1\n2,14,2\n3,5,1\n4,14,2\n4,5,1\n6,14,2\nDONE\nEND\n");
  ASSERT_EQ(out.size(), 2u);
  EXPECT_NE(out[1], "5,5");
  EXPECT_TRUE(is_move(out[1], 15));
}

TEST(ProtocolGomocup, Swap2) {
  const auto out = talk("START 15\nSWAP2BOARD\nDONE\nSWAP2BOARD\n7,7\n8,7\n9,9\nDONE\nSWAP2BOARD\n1,1\nDONE\nEND\n");
  ASSERT_EQ(out.size(), 4u);
  EXPECT_EQ(out[1], "7,7 8,6 6,9");
  EXPECT_TRUE(is_move(out[2], 15)) << out[2];
  EXPECT_EQ(out[3].rfind("ERROR", 0), 0u);
}

TEST(ProtocolGomocup, EndOfInputInsideBoardDoesNotHang) {
  const auto out = talk("START 15\nBOARD\n1,1,1\n");
  ASSERT_EQ(out.size(), 1u);
}

// --- BOARD with any stone counts -----------------------------------------------------------

TEST(ProtocolBoard, AnyStoneCountsGiveUsTheMoveWithColoursFromTheCounts) {
  struct Case {
    const char* stones;
    Color us;
  };
  // Ours 2 vs 1 (an analysis GUI's position); theirs only; ours only; ours 1 vs 3.
  for (const Case& c : {Case{"7,7,1\n8,8,1\n7,8,2\n", Color::BLACK}, Case{"7,7,2\n8,8,2\n9,9,2\n", Color::WHITE},
                        Case{"7,7,1\n8,8,1\n9,9,1\n", Color::BLACK}, Case{"7,7,1\n8,8,2\n9,9,2\n6,6,3\n", Color::WHITE}}) {
    const auto s = session(std::string("START 15\nBOARD\n") + c.stones + "DONE\n");
    ASSERT_EQ(s.out.size(), 2u) << c.stones;
    ASSERT_TRUE(is_move(s.out[1], 15)) << c.stones << s.out[1];
    const Board& b = *s.positions[1];
    EXPECT_EQ(b.at(point_of(s.out[1])), c.us) << c.stones;  // our move has our colour
    EXPECT_EQ(b.at({7, 7}), std::string(c.stones).rfind("7,7,1", 0) == 0 ? c.us : opponent(c.us)) << c.stones;
  }
}

TEST(ProtocolBoard, RenjuColoursFollowTheCounts) {
  // Our four stones against their three: we are black, and 7,7 is our double three.
  const std::string position = "BOARD\n5,7,1\n6,7,1\n7,5,1\n7,6,1\n0,0,2\n0,2,2\n0,4,2\nDONE\n";
  const auto s = session("INFO rule 4\nSTART 15\n" + position + "YXSHOWFORBID\n");
  ASSERT_EQ(s.out.size(), 3u);
  ASSERT_TRUE(is_move(s.out[1], 15)) << s.out[1];
  EXPECT_NE(s.out[1], "7,7");
  EXPECT_EQ(s.positions[2]->at({5, 7}), Color::BLACK);
}

// --- INFO max_memory and the clock ------------------------------------------------------------

TEST(ProtocolMemory, AnyLimitGivesAMoveInTime) {
  // One session: the wall time each answer took (the observer sees every position the brain holds).
  const auto timed_session = [](const std::string& transcript, std::string& answers) {
    std::istringstream in(transcript);
    std::ostringstream out;
    std::vector<double> took_ms;
    auto last = std::chrono::steady_clock::now();
    protocol::BrainOptions options;
    options.observer = [&](const Board*) {
      const auto now = std::chrono::steady_clock::now();
      took_ms.push_back(std::chrono::duration<double, std::milli>(now - last).count());
      last = now;
    };
    protocol::run(in, out, options);
    answers = out.str();
    return took_ms;
  };
  for (const char* bytes : {"1000000000000", "9223372036854775807", "4000000000", "0", "1", "-5", "99999999999999999999"}) {
    const std::string transcript = std::string("INFO max_memory ") + bytes + "\nINFO timeout_turn 100\nSTART 15\nBEGIN\nTURN 8,8\n";
    // The table is sized at INFO (mapped, not written): BEGIN and TURN keep to their 100 ms. A
    // loaded machine can hold the process off a CPU past the margin once (a sanitizer build on
    // two busy cores did, by 1 ms), so a late session is played again: a brain that writes its
    // table is late every time.
    std::string answers;
    std::vector<double> took_ms;
    for (int attempt = 0; attempt < 3; ++attempt) {
      took_ms = timed_session(transcript, answers);
      ASSERT_EQ(took_ms.size(), 5u) << bytes << ": " << answers;
      if (took_ms[3] < 100 + 150 && took_ms[4] < 100 + 150) break;
    }
    EXPECT_EQ(answers.rfind("OK\n7,7\n", 0), 0u) << bytes << ": " << answers;
    EXPECT_LT(took_ms[3], 100 + 150) << bytes;
    EXPECT_LT(took_ms[4], 100 + 150) << bytes;
  }
}

TEST(ProtocolClock, OutOfRangeNumbersAreClampedNeverOverflow) {
  // Clamped, not refused: no answer to these INFO lines, and BEGIN keeps to time_left. The last
  // TURN is a corner no reply can have taken.
  const auto s = session(
      "INFO timeout_turn 99999999999999999999\nINFO timeout_match -99999999999999999999\nINFO time_left 9223372036854775808\n"
      "INFO thread_num 99999999999999999999\nINFO max_depth -1\nINFO timeout_turn 30\nSTART 15\nBEGIN\n"
      "INFO timeout_turn 9223372036854775807\nINFO time_left 200\nTURN 8,8\nINFO timeout_turn -1\nTURN 14,14\n");
  ASSERT_EQ(s.out.size(), 4u);
  EXPECT_EQ(s.out[0], "OK");
  for (int i = 1; i <= 3; ++i) EXPECT_TRUE(is_move(s.out[static_cast<std::size_t>(i)], 15)) << s.out[static_cast<std::size_t>(i)];
}

TEST(ProtocolClock, InfoIsNeverAnsweredUnusableValuesAreMessages) {
  // A manager reads no reply to INFO: an unusable value is a MESSAGE line (shown, never taken for
  // an answer) and changes nothing; START still answers on the next line. INFO rule -3 once
  // answered ERROR, so a manager read every later answer one line late.
  const auto s = session("INFO timeout_turn 1.5\nINFO time_left abc\nINFO rule -3\nINFO rule\nSTART 15\nYXSHOWFORBID\n");
  ASSERT_EQ(s.out.size(), 6u);
  for (std::size_t i = 0; i < 4; ++i) EXPECT_EQ(s.out[i].rfind("MESSAGE INFO ", 0), 0u) << s.out[i];
  EXPECT_NE(s.out[2].find("RULE '-3' ignored"), std::string::npos) << s.out[2];
  EXPECT_EQ(s.out[4], "OK");
  EXPECT_EQ(s.out[5], "FORBID .");  // still freestyle: -3 did not become renju
}

TEST(ProtocolText, IntegersSaturateInsteadOfWrapping) {
  using protocol::parse_int;
  EXPECT_EQ(parse_int("42"), 42);
  EXPECT_EQ(parse_int(" +7 "), 7);
  EXPECT_EQ(parse_int("-9223372036854775808"), INT64_MIN);
  EXPECT_EQ(parse_int("9223372036854775807"), INT64_MAX);
  EXPECT_EQ(parse_int("9223372036854775808"), INT64_MAX);
  EXPECT_EQ(parse_int("99999999999999999999"), INT64_MAX);
  EXPECT_EQ(parse_int("-99999999999999999999"), INT64_MIN);
  for (const char* bad : {"", "-", "1.5", "0x10", "abc", "--3", "4 2"}) EXPECT_FALSE(parse_int(bad)) << bad;
  EXPECT_FALSE(protocol::on_board(4294967303, 1, 20));  // not 7,1
  EXPECT_FALSE(protocol::on_board(-1, 1, 20));
  EXPECT_EQ(protocol::on_board(19, 0, 20), (Point{19, 0}));
}

TEST(ProtocolClock, ThinksWithinTheTurnAndTheTimeLeft) {
  protocol::TimeControl c(1000);
  EXPECT_EQ(c.limit_ms(), 1000);
  EXPECT_EQ(c.think_ms(0), 960);    // a margin for the pipes and the manager
  EXPECT_EQ(c.think_ms(100), 860);  // time already spent on the command counts
  c.set_turn(40);
  EXPECT_EQ(c.think_ms(0), 20);     // a short turn keeps half for the margin
  c.set_turn(0);
  EXPECT_EQ(c.limit_ms(), 30);      // 0: as fast as possible
  c.set_turn(5000);
  c.set_left(1000);
  EXPECT_EQ(c.limit_ms(), 1000);
  EXPECT_EQ(c.think_ms(0), 40);     // a share of the match clock
  c.spend(600);
  EXPECT_EQ(c.limit_ms(), 400);
  c.spend(1000);
  EXPECT_EQ(c.limit_ms(), 0);
  EXPECT_EQ(c.think_ms(0), 1);      // the least the engine can do
  c.set_left(2147483647);           // no match clock
  EXPECT_EQ(c.limit_ms(), 5000);
  c.set_turn(INT64_MAX);
  c.set_left(INT64_MIN);
  EXPECT_EQ(c.limit_ms(), 0);
  c.set_left(-1);
  EXPECT_GE(c.think_ms(INT64_MAX), 1);
}

// --- Coordinates and refused commands -------------------------------------------------------

TEST(ProtocolBoard, BadCoordinatesAreRefusedAndKeepThePosition) {
  const auto s = session(
      "START 20\nTURN 10,10\n"
      "BOARD\n-1,2,1\n3,3,2\nDONE\n"          // negative: once skipped, so we played the wrong colour
      "BOARD\n4294967303,1,1\n3,3,2\nDONE\n"  // once wrapped onto 7,1
      "BOARD\n1,1,1\n2,2,2\n1,1,2\nDONE\n"    // the same point twice
      "SWAP2BOARD\n1,1\n2,2\n1,1\nDONE\n"     // once wiped the game and left a stone
      "SWAP2BOARD\n1,1\n2,2\nDONE\n"
      "YXBOARD\n1,1,1\n30,1,2\nDONE\n"
      "TURN 4294967306,10\nTAKEBACK 4294967306,10\n");
  ASSERT_EQ(s.out.size(), 10u);
  ASSERT_TRUE(is_move(s.out[1], 20));
  for (std::size_t i = 2; i < s.out.size(); ++i) EXPECT_EQ(s.out[i].rfind("ERROR", 0), 0u) << s.out[i];
  const Board& before = *s.positions[1];
  EXPECT_EQ(before.move_count(), 2);
  for (std::size_t i = 2; i < s.positions.size(); ++i) EXPECT_TRUE(same_position(*s.positions[i], before)) << "after command " << i;
}

TEST(ProtocolBoard, ATurnThatFillsTheBoardIsRefused) {
  // 5x5 full but for 4,4 (colours alternate, no five anywhere matters: a refusal changes nothing).
  std::string yx = "START 5\nYXBOARD\n";
  int n = 0;
  for (int y = 0; y < 5; ++y)
    for (int x = 0; x < 5; ++x)
      if (x != 4 || y != 4) yx += std::to_string(x) + "," + std::to_string(y) + "," + std::to_string(1 + n++ % 2) + "\n";
  const auto s = session(yx + "DONE\nTURN 4,4\nBEGIN\n");
  ASSERT_EQ(s.out.size(), 3u);
  EXPECT_EQ(s.out[1].rfind("ERROR", 0), 0u);
  EXPECT_EQ(s.out[2].rfind("ERROR", 0), 0u);
  EXPECT_TRUE(same_position(*s.positions[2], *s.positions[1]));
  EXPECT_EQ(s.positions[2]->move_count(), 24);
}

// --- Yixin-Board extensions ------------------------------------------------------------------

TEST(ProtocolYixin, YxboardSetsThePositionInOrderWithoutAMove) {
  const auto s = session("START 15\nYXBOARD\n7,7,2\n8,8,1\n6,6,2\nDONE\nTAKEBACK 6,6\nYXBOARD\nDONE\n");
  ASSERT_EQ(s.out.size(), 2u);  // OK for START and TAKEBACK only
  EXPECT_EQ(s.out[1], "OK");
  const Board& b = *s.positions[1];
  EXPECT_EQ(b.move_count(), 3);
  EXPECT_EQ(b.move_at(0), (Point{7, 7}));  // the first stone given is black
  EXPECT_EQ(b.at({7, 7}), Color::BLACK);
  EXPECT_EQ(b.at({8, 8}), Color::WHITE);
  EXPECT_EQ(b.to_move(), Color::WHITE);    // ours
  EXPECT_EQ(s.positions[2]->last_move(), (Point{8, 8}));
  EXPECT_EQ(s.positions[3]->move_count(), 0);
}

TEST(ProtocolYixin, ShowForbidListsBlacksForbiddenPoints) {
  const std::string stones = "YXBOARD\n5,7,1\n0,0,2\n6,7,1\n0,2,2\n7,5,1\n0,4,2\n7,6,1\n14,14,2\nDONE\nYXSHOWFORBID\n";
  const auto renju = session("INFO rule 4\nSTART 15\n" + stones);
  ASSERT_EQ(renju.out.size(), 2u);
  const std::string& f = renju.out[1];
  ASSERT_EQ(f.rfind("FORBID ", 0), 0u) << f;
  ASSERT_EQ(f.back(), '.');
  const std::string digits = f.substr(7, f.size() - 8);
  ASSERT_EQ(digits.size() % 4, 0u) << f;
  bool found = false;
  for (std::size_t i = 0; i < digits.size(); i += 4) found = found || digits.substr(i, 4) == "0707";
  EXPECT_TRUE(found) << f;
  EXPECT_EQ(digits.size() / 4, gomoku::forbidden_points(*renju.positions[2]).size());
  EXPECT_EQ(session("START 15\n" + stones).out[1], "FORBID .");  // freestyle forbids nothing
  EXPECT_EQ(session("YXSHOWFORBID\n").out[0].rfind("ERROR", 0), 0u);
}

// A session's output split into the moves of the `MESSAGE nbest i x,y ...` lines and the rest.
std::pair<std::vector<std::string>, std::vector<std::string>> split_nbest(const std::vector<std::string>& out) {
  std::vector<std::string> listed, answers;
  for (const auto& line : out) {
    if (line.rfind("MESSAGE nbest ", 0) == 0) listed.push_back(line.substr(16, line.find(' ', 16) - 16));
    else answers.push_back(line);
  }
  return {listed, answers};
}

TEST(ProtocolYixin, NbestListsDistinctMovesAndPlaysTheFirst) {
  const auto s = session("INFO timeout_turn 300\nSTART 15\nYXBOARD\n7,7,2\n8,8,1\nDONE\nYXNBEST 3\nYXNBEST x\n");
  const auto [listed, answers] = split_nbest(s.out);
  ASSERT_EQ(answers.size(), 3u);
  ASSERT_EQ(listed.size(), 3u);
  EXPECT_NE(listed[0], listed[1]);
  EXPECT_NE(listed[1], listed[2]);
  EXPECT_NE(listed[0], listed[2]);
  EXPECT_EQ(answers[1], listed[0]);
  EXPECT_EQ(s.positions[3]->move_count(), 3);  // the move is played
  EXPECT_EQ(answers[2].rfind("ERROR", 0), 0u);
}

// A turn whose time runs out during the first search (here 1 ms: time_left 1; in CI a busy
// machine) still lists as many moves as asked, the later ones from a one-ply search.
TEST(ProtocolYixin, NbestListsEveryMoveWhenTheTurnRunsOut) {
  const auto s = session("INFO time_left 1\nSTART 15\nYXBOARD\n7,7,2\n8,8,1\nDONE\nYXNBEST 4\n");
  const auto [listed, answers] = split_nbest(s.out);
  ASSERT_EQ(answers.size(), 2u);
  ASSERT_EQ(listed.size(), 4u);
  EXPECT_EQ(std::set<std::string>(listed.begin(), listed.end()).size(), 4u) << "the moves differ";
  EXPECT_EQ(answers[1], listed[0]);
}

TEST(ProtocolYixin, ShowDetailReportsWhileThinkingAndHashClear) {
  // The second TURN is a corner no reply can have taken (the engine answers near the stones; 9,9
  // was sometimes its own answer to 8,8, and the TURN then got ERROR).
  const auto s = session("INFO show_detail 1\nINFO timeout_turn 200\nSTART 15\nBEGIN\nTURN 8,8\nYXHASHCLEAR\nTURN 14,14\nABOUT\n");
  int details = 0;
  std::vector<std::string> answers;
  for (const auto& line : s.out) {
    if (line.rfind("MESSAGE depth ", 0) == 0) {
      ++details;
      for (const char* field : {" ev ", " n ", " n/s ", " tm ", " pv "}) EXPECT_NE(line.find(field), std::string::npos) << line;
    } else if (line.rfind("MESSAGE", 0) != 0) {
      answers.push_back(line);
    }
  }
  EXPECT_GT(details, 0);
  ASSERT_EQ(answers.size(), 5u);
  EXPECT_TRUE(is_move(answers[2], 15));
  EXPECT_TRUE(is_move(answers[3], 15));
  for (const char* field : {"name=\"tilestone\"", "version=\"", "author=\"", "country=\""})
    EXPECT_NE(answers[4].find(field), std::string::npos) << answers[4];
}

}  // namespace

// --- Stopping a think -------------------------------------------------------------------------

// Runs a transcript and returns its answers and how long run() took, in milliseconds.
std::pair<std::vector<std::string>, double> timed_talk(const std::string& transcript) {
  std::istringstream in(transcript);
  std::ostringstream out;
  const auto start = std::chrono::steady_clock::now();
  protocol::run(in, out, {});
  const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  std::vector<std::string> lines;
  std::istringstream answers(out.str());
  for (std::string line; std::getline(answers, line);) lines.push_back(line);
  return {lines, ms};
}

TEST(ProtocolStop, YxstopAnswersTheBestMoveSoFarAtOnce) {
  // A 20 s turn: the brain once read YXSTOP only after it had answered, 20 s later.
  const auto [out, ms] = timed_talk("INFO timeout_turn 20000\nSTART 20\nTURN 10,10\nYXSTOP\nYXSHOWFORBID\n");
  ASSERT_EQ(out.size(), 3u);
  EXPECT_EQ(out[0], "OK");
  EXPECT_TRUE(is_move(out[1], 20)) << out[1];
  EXPECT_NE(out[1], "10,10");
  EXPECT_EQ(out[2], "FORBID .");  // the commands after YXSTOP are served as usual
  EXPECT_LT(ms, 5000);
}

TEST(ProtocolStop, EndDuringAThinkEndsTheSession) {
  // The turn is unlimited: END stops the think, its move is answered, nothing after END is read.
  const auto [out, ms] = timed_talk(
      "INFO timeout_turn 99999999999999999999\nINFO timeout_match 0\nSTART 22\n"
      "BOARD\n10,10,1\n11,11,2\n9,11,1\nDONE\nEND\nTURN 1,1\n");
  ASSERT_EQ(out.size(), 2u);
  EXPECT_EQ(out[0], "OK");
  EXPECT_TRUE(is_move(out[1], 22)) << out[1];
  EXPECT_LT(ms, 5000);
}

TEST(ProtocolStop, OtherCommandsWaitForTheThinkToEnd) {
  // Only YXSTOP and END stop a think: a piped script is answered in order, each move searched
  // with its whole turn.
  const auto s = session("INFO timeout_turn 300\nSTART 15\nTURN 7,7\nABOUT\nYXSHOWFORBID\n", 300);
  ASSERT_EQ(s.out.size(), 4u);
  EXPECT_TRUE(is_move(s.out[1], 15)) << s.out[1];
  EXPECT_EQ(s.out[2].rfind("name=", 0), 0u) << s.out[2];
  EXPECT_EQ(s.out[3], "FORBID .");
  ASSERT_EQ(s.positions.size(), 5u);
  EXPECT_EQ(s.positions[2]->move_count(), 2);  // the observer saw the move before ABOUT ran
}

TEST(ProtocolStop, TheInputIsUntiedFromTheAnswersWhileServing) {
  // std::cin is tied to std::cout: each read flushed the answers from the reading thread while the
  // thinking thread wrote one (a race that wrote a move twice, and a manager took the copy for
  // its next move, on an occupied point). run() unties its input for the session and restores it.
  std::istringstream in("START 15\nBEGIN\nTURN 8,8\nTURN 9,9\n");
  std::ostringstream out, other;
  in.tie(&other);
  std::vector<const std::ostream*> ties;
  protocol::BrainOptions options;
  options.level = gomoku::Level::SCORER;
  options.observer = [&](const Board*) { ties.push_back(in.tie()); };
  protocol::run(in, out, options);
  ASSERT_EQ(ties.size(), 4u);
  for (const auto* t : ties) EXPECT_EQ(t, nullptr);
  EXPECT_EQ(in.tie(), &other);
  std::istringstream answers(out.str());
  std::vector<std::string> lines;
  for (std::string line; std::getline(answers, line);) lines.push_back(line);
  ASSERT_EQ(lines.size(), 4u);  // OK and three moves, each once
}
