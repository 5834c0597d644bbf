#pragma once
// Messages built from pieces without a formatting library (the engine libraries link none):
// concat("cannot read ", path, ": ", 42) writes each piece as a stream would.

#include <sstream>
#include <string>

namespace tilestone::core {

template <class... Pieces>
std::string concat(const Pieces&... pieces) {
  std::ostringstream out;
  (out << ... << pieces);
  return out.str();
}

}  // namespace tilestone::core
