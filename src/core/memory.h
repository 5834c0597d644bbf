#pragma once
// What the machine can give: physical memory, and large zeroed blocks that cost nothing until
// they are touched.

#include <cstddef>
#include <limits>
#include <memory>

namespace tilestone::core {

/// Bytes of physical memory of this machine; 0 when the system does not say.
std::size_t physical_memory_bytes();

/// `bytes` zeroed bytes mapped straight from the kernel, or null when they cannot be had.
/// Mapping takes no time whatever the size (pages are paid for when first written), and no
/// allocator (nor a sanitizer's) touches them.
void* map_zeroed(std::size_t bytes);
void unmap(void* p, std::size_t bytes);

struct Unmapper {
  std::size_t bytes = 0;
  void operator()(void* p) const { unmap(p, bytes); }
};

template <class T>
using ZeroedArray = std::unique_ptr<T[], Unmapper>;

/// `count` zeroed values of T (an implicit-lifetime type: integers, or structs of them), or
/// null when the memory cannot be had.
template <class T>
ZeroedArray<T> zeroed_array(std::size_t count) {
  if (count == 0 || count > std::numeric_limits<std::size_t>::max() / sizeof(T)) return ZeroedArray<T>(nullptr, Unmapper{});
  const std::size_t bytes = count * sizeof(T);
  return ZeroedArray<T>(static_cast<T*>(map_zeroed(bytes)), Unmapper{bytes});
}

}  // namespace tilestone::core
