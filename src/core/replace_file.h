#pragma once
// Writing a file so that a failed write leaves the old one: the bytes go to PATH.tmp, then a
// rename puts them in place.

#include <cstdint>
#include <string>
#include <string_view>

#include "core/result.h"

namespace tilestone::core {

/// Whether replace_file() may put a file at `path`: refused (with a message naming it) when the
/// path exists and is not a regular file.
Result<bool> check_replaceable(const std::string& path);

/// Replaces the file at `path` with `bytes` through `path`.tmp and a rename; returns the bytes
/// written. A path that exists and is not a regular file (a folder, a device such as /dev/null, a
/// pipe) is refused before anything is written: a rename would put a file in its place.
Result<std::uint64_t> replace_file(const std::string& path, std::string_view bytes);

}  // namespace tilestone::core
