#pragma once
// Sets an environment variable for one scope and puts back what was there (or its absence).

#include <cstdlib>
#include <optional>
#include <string>

namespace tilestone::test_support {

struct ScopedEnv {
  std::string name;
  std::optional<std::string> before;
  ScopedEnv(std::string n, const std::string& value) : name(std::move(n)) {
    if (const char* old = std::getenv(name.c_str())) before = old;
    setenv(name.c_str(), value.c_str(), 1);
  }
  ~ScopedEnv() {
    if (before) setenv(name.c_str(), before->c_str(), 1);
    else unsetenv(name.c_str());
  }
  ScopedEnv(const ScopedEnv&) = delete;
  ScopedEnv& operator=(const ScopedEnv&) = delete;
};

}  // namespace tilestone::test_support
