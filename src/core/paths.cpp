#include "core/paths.h"

#include <system_error>

#ifdef _WIN32
#include <windows.h>
#endif

namespace tilestone::core {

std::filesystem::path program_folder() {
  std::error_code ec;
#ifdef _WIN32
  wchar_t buf[MAX_PATH];
  const DWORD n = GetModuleFileNameW(nullptr, buf, MAX_PATH);
  if (n == 0 || n == MAX_PATH) return {};
  return std::filesystem::path(buf).parent_path();
#else
  const auto exe = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (ec) return {};
  return exe.parent_path();
#endif
}

std::filesystem::path installed_data_folder() {
  const auto bin = program_folder();
  if (bin.empty()) return {};
  std::error_code ec;
  const auto share = (bin.parent_path() / "share" / "tilestone").lexically_normal();
  if (!std::filesystem::is_directory(share, ec)) return {};
  return share;
}

}  // namespace tilestone::core
