#pragma once
// Match openings: generated (balanced five-stone positions, see gomoku/match.h) or read from a
// file. A file holds one opening per line, either in the offset format of Piskvork's
// openings.txt and c-gomoku-cli ("x, y, x, y, ..." relative to the centre, black first) or as a
// move string of ours ("h8i9h9"). Blank lines and lines starting with '#' are skipped.

#include <string>
#include <vector>

#include "core/result.h"
#include "gomoku/types.h"

namespace tilestone::match {

using Opening = std::vector<gomoku::Point>;

/// Parses one opening line for a board of `size` (see the file comment); errors say why.
core::Result<Opening> parse_opening(const std::string& line, int size);

/// Reads every opening of a file, checking that each is a playable position under `rule` (no
/// repeated or off-board point, no forbidden stone, no five). Errors name the file and line.
core::Result<std::vector<Opening>> load_openings(const std::string& path, int size, gomoku::Rule rule);

}  // namespace tilestone::match
