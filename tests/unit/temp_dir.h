#pragma once
// A fresh folder under the system's temporary directory for one test, removed with everything in
// it when the test ends (also after a failed assertion; permissions a test took away are given
// back first).

#include <unistd.h>

#include <filesystem>
#include <string>

namespace tilestone::test_support {

struct TempDir {
  std::filesystem::path path;
  explicit TempDir(const std::string& name) {
    std::string tmpl = (std::filesystem::temp_directory_path() / ("tilestone-" + name + "-XXXXXX")).string();
    path = mkdtemp(tmpl.data());
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::permissions(path, std::filesystem::perms::owner_all, ec);
    std::filesystem::remove_all(path, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
};

}  // namespace tilestone::test_support
