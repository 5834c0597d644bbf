#pragma once
// The text of the Gomocup protocol: numbers, coordinates and stone lines, parsed without ever
// overflowing, and points formatted as `x,y`.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gomoku/types.h"

namespace tilestone::protocol {

std::string_view trim(std::string_view s);
std::string upper(std::string_view s);

/// An optionally signed decimal integer (surrounding blanks allowed); a value beyond 64 bits is
/// saturated to the nearest end rather than refused. nullopt when it is not a number.
std::optional<std::int64_t> parse_int(std::string_view s);

/// "a,b,c" as integers (each saturated as parse_int does); nullopt when any part is not one.
std::optional<std::vector<std::int64_t>> parse_ints(std::string_view s);

/// A point given as two of parse_ints' values, if it lies on a board of `size` rows.
std::optional<gomoku::Point> on_board(std::int64_t x, std::int64_t y, int size);

/// `x,y`, as the protocol writes a point.
std::string format_point(gomoku::Point p);

}  // namespace tilestone::protocol
