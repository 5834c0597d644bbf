#pragma once
// A brain session in memory: the transcript in, the answer lines out (tests of the protocol).

#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "protocol/gomocup.h"

namespace tilestone::test_support {

inline std::vector<std::string> brain_lines(const std::string& transcript, const protocol::BrainOptions& options) {
  std::istringstream in(transcript);
  std::ostringstream out;
  EXPECT_EQ(protocol::run(in, out, options), 0);
  std::vector<std::string> lines;
  std::istringstream answers(out.str());
  for (std::string line; std::getline(answers, line);) lines.push_back(line);
  return lines;
}

}  // namespace tilestone::test_support
