#pragma once
// A value or an error message: how the engine reports bad input without exceptions or printing.

#include <string>
#include <utility>
#include <variant>

namespace tilestone::core {

struct Error {
  std::string message;
};

template <class T>
class Result {
 public:
  Result(T value) : v_(std::move(value)) {}
  Result(Error e) : v_(std::move(e)) {}

  bool ok() const { return std::holds_alternative<T>(v_); }
  explicit operator bool() const { return ok(); }
  const T& value() const& { return std::get<T>(v_); }
  T& value() & { return std::get<T>(v_); }
  T&& value() && { return std::get<T>(std::move(v_)); }
  const T& operator*() const& { return value(); }
  T& operator*() & { return value(); }
  const T* operator->() const { return &value(); }
  /// Non-const, so that std::move(result->member) moves the member instead of copying it.
  T* operator->() { return &value(); }
  const std::string& error() const { return std::get<Error>(v_).message; }

 private:
  std::variant<T, Error> v_;
};

/// Shorthand: return core::fail("...") from a function returning Result<T>.
inline Error fail(std::string message) { return Error{std::move(message)}; }

}  // namespace tilestone::core
