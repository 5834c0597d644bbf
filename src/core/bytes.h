#pragma once
// Little-endian binary files (the 2048 and Gomoku network files): writing fields, reading them
// back in order without running off the end, and the FNV-1a checksum both files carry.

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

namespace tilestone::core {

inline constexpr std::uint64_t FNV_OFFSET = 0xCBF29CE484222325ULL;

/// FNV-1a 64 of `bytes`, continuing from `h` (so a checksum can span several pieces).
inline std::uint64_t fnv1a(std::string_view bytes, std::uint64_t h = FNV_OFFSET) {
  for (unsigned char c : bytes) h = (h ^ c) * 0x100000001B3ULL;
  return h;
}

/// Appends v's bytes (little-endian, like every machine tilestone builds for).
template <class T>
void put_bytes(std::string& out, T v) {
  char buf[sizeof(T)];
  std::memcpy(buf, &v, sizeof(T));
  out.append(buf, sizeof(T));
}

/// Appends every element of v.
template <class T>
void put_all(std::string& out, const std::vector<T>& v) {
  out.append(reinterpret_cast<const char*>(v.data()), v.size() * sizeof(T));
}

/// Reads fields in order, remembering whether it ran off the end (then every later read gives
/// zeros and short_read() is true).
class ByteReader {
 public:
  explicit ByteReader(std::string_view bytes) : bytes_(bytes) {}
  template <class T>
  T get() {
    T v{};
    const std::string_view s = take(sizeof(T));
    if (!short_) std::memcpy(&v, s.data(), sizeof(T));
    return v;
  }
  std::string_view take(std::size_t n) {
    if (short_ || n > bytes_.size() - pos_) {
      short_ = true;
      pos_ = bytes_.size();
      return {};
    }
    const std::string_view s = bytes_.substr(pos_, n);
    pos_ += n;
    return s;
  }
  /// Fills v (sized by the caller) from the next v.size() elements.
  template <class T>
  void get_all(std::vector<T>& v) {
    const std::string_view s = take(v.size() * sizeof(T));
    if (!short_) std::memcpy(v.data(), s.data(), s.size());
  }
  bool short_read() const { return short_; }
  std::size_t pos() const { return pos_; }

 private:
  std::string_view bytes_;
  std::size_t pos_ = 0;
  bool short_ = false;
};

}  // namespace tilestone::core
