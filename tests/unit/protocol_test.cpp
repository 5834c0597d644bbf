// The Gomocup protocol, fed recorded transcripts: answers, errors, and no crash or hang on bad
// input.

#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "protocol/gomocup.h"

using namespace tilestone;

namespace {

std::vector<std::string> talk(const std::string& transcript, gomoku::Level level = gomoku::Level::SCORER) {
  std::istringstream in(transcript);
  std::ostringstream out;
  protocol::BrainOptions options;
  options.level = level;
  options.default_turn_ms = 100;
  EXPECT_EQ(protocol::run(in, out, options), 0);
  std::vector<std::string> lines;
  std::istringstream answers(out.str());
  for (std::string line; std::getline(answers, line);) lines.push_back(line);
  return lines;
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
      "INFO timeout_turn\n"
      "\n\n"
      "ABOUT\n");
  ASSERT_EQ(out.size(), 14u);
  EXPECT_EQ(out[0].rfind("ERROR", 0), 0u);
  EXPECT_EQ(out[1], "OK");
  EXPECT_TRUE(is_move(out[2], 15));
  for (int i = 3; i <= 7; ++i) EXPECT_EQ(out[static_cast<std::size_t>(i)].rfind("ERROR", 0), 0u) << out[static_cast<std::size_t>(i)];
  EXPECT_EQ(out[8].rfind("UNKNOWN", 0), 0u);
  for (int i = 9; i <= 12; ++i) EXPECT_EQ(out[static_cast<std::size_t>(i)].rfind("ERROR", 0), 0u) << out[static_cast<std::size_t>(i)];
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

}  // namespace
