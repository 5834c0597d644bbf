#include "core/replace_file.h"

#include <filesystem>
#include <fstream>
#include <system_error>

#include "core/concat.h"

namespace tilestone::core {

namespace fs = std::filesystem;

Result<bool> check_replaceable(const std::string& path) {
  std::error_code ec;
  const fs::file_status st = fs::status(path, ec);
  if (fs::exists(st) && !fs::is_regular_file(st)) return fail(concat(path, " exists and is not a regular file: not replaced"));
  return true;
}

Result<std::uint64_t> replace_file(const std::string& path, std::string_view bytes) {
  if (auto r = check_replaceable(path); !r) return Error{r.error()};
  std::error_code ec;
  const std::string tmp = path + ".tmp";
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out) return fail(concat("cannot write ", tmp));
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    if (!out.flush()) {
      out.close();
      fs::remove(tmp, ec);
      return fail(concat("cannot write ", tmp));
    }
  }
  fs::rename(tmp, path, ec);
  if (ec) {
    const std::string why = ec.message();
    fs::remove(tmp, ec);
    return fail(concat("cannot rename ", tmp, " to ", path, ": ", why));
  }
  return static_cast<std::uint64_t>(bytes.size());
}

}  // namespace tilestone::core
