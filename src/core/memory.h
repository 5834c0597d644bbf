#pragma once
// What the machine can give: physical memory, and large zeroed blocks that cost nothing until
// they are touched.

#include <cstddef>
#include <limits>
#include <memory>
#include <new>
#include <utility>

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

/// Asks the kernel to back the 2 MiB blocks inside [p, p + bytes) with huge pages (only advice:
/// where it has none to give, the memory works as before). For tables read at random.
void advise_huge_pages(void* p, std::size_t bytes);

/// Bytes aligned to a 2 MiB boundary that the kernel is asked to back with huge pages (where
/// transparent huge pages are enabled on request, as they often are): tables read at random all
/// over hundreds of megabytes then miss the TLB far less. Null when the memory cannot be had.
void* alloc_huge(std::size_t bytes);
void free_huge(void* p);

/// A std::vector allocator for large tables read at random: blocks of 2 MiB or more come from
/// alloc_huge, smaller ones from operator new.
template <class T>
struct HugePageAllocator {
  using value_type = T;
  static constexpr std::size_t HUGE_BYTES = std::size_t{2} << 20;
  HugePageAllocator() = default;
  template <class U>
  HugePageAllocator(const HugePageAllocator<U>&) {}
  T* allocate(std::size_t n) {
    if (n > std::numeric_limits<std::size_t>::max() / sizeof(T)) throw std::bad_array_new_length();
    if (n * sizeof(T) < HUGE_BYTES) return static_cast<T*>(::operator new(n * sizeof(T)));
    void* p = alloc_huge(n * sizeof(T));
    if (!p) throw std::bad_alloc();
    return static_cast<T*>(p);
  }
  void deallocate(T* p, std::size_t n) {
    if (n * sizeof(T) < HUGE_BYTES)
      ::operator delete(p);
    else
      free_huge(p);
  }
  /// Default-initialises: a vector of n floats made with this allocator is not zeroed first
  /// (give a value, vector(n, 0.0f), to have one).
  template <class U>
  void construct(U* p) noexcept(noexcept(::new (static_cast<void*>(p)) U)) {
    ::new (static_cast<void*>(p)) U;
  }
  template <class U, class... Args>
  void construct(U* p, Args&&... args) {
    ::new (static_cast<void*>(p)) U(std::forward<Args>(args)...);
  }
  template <class U>
  bool operator==(const HugePageAllocator<U>&) const { return true; }
};

}  // namespace tilestone::core
