#include "core/memory.h"

#include <sys/mman.h>
#include <unistd.h>

#include <cstdint>
#include <cstdlib>

namespace tilestone::core {

std::size_t physical_memory_bytes() {
  const long pages = sysconf(_SC_PHYS_PAGES);
  const long page_size = sysconf(_SC_PAGE_SIZE);
  if (pages <= 0 || page_size <= 0) return 0;
  return static_cast<std::size_t>(pages) * static_cast<std::size_t>(page_size);
}

void* map_zeroed(std::size_t bytes) {
  // NORESERVE: the pages are promised only as they are written, so a large table that a short
  // search barely touches does not count against the machine's memory.
  void* p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  return p == MAP_FAILED ? nullptr : p;
}

void unmap(void* p, std::size_t bytes) {
  if (p) munmap(p, bytes);
}

void advise_huge_pages(void* p, std::size_t bytes) {
  constexpr std::uintptr_t HUGE = std::uintptr_t{2} << 20;
  const auto start = (reinterpret_cast<std::uintptr_t>(p) + HUGE - 1) / HUGE * HUGE;
  const auto end = (reinterpret_cast<std::uintptr_t>(p) + bytes) / HUGE * HUGE;
  if (p && end > start) madvise(reinterpret_cast<void*>(start), end - start, MADV_HUGEPAGE);
}

void* alloc_huge(std::size_t bytes) {
  constexpr std::size_t HUGE = std::size_t{2} << 20;
  const std::size_t rounded = (bytes + HUGE - 1) / HUGE * HUGE;
  void* p = std::aligned_alloc(HUGE, rounded);
  // Only advice: where the kernel has no huge pages to give, the memory works as before.
  if (p) madvise(p, rounded, MADV_HUGEPAGE);
  return p;
}

void free_huge(void* p) { std::free(p); }

}  // namespace tilestone::core
