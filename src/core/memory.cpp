#include "core/memory.h"

#ifdef _WIN32
#ifndef WIN32_LEAN_AND_MEAN
#define WIN32_LEAN_AND_MEAN
#endif
#ifndef NOMINMAX
#define NOMINMAX
#endif
#include <malloc.h>
#include <windows.h>
#else
#include <sys/mman.h>
#include <unistd.h>
#endif

#include <cstdint>
#include <cstdlib>

namespace tilestone::core {
namespace {

constexpr std::size_t HUGE_PAGE = std::size_t{2} << 20;

}  // namespace

#ifdef _WIN32

// Windows (the Gomocup engine): committed pages are zero-filled and take physical memory only
// when first touched, but they count against the commit limit, and a manager that watches the
// brain's private bytes sees them at once. Large pages need a privilege a brain does not have,
// so huge-page advice is a no-op.

std::size_t physical_memory_bytes() {
  MEMORYSTATUSEX status{};
  status.dwLength = sizeof status;
  if (!GlobalMemoryStatusEx(&status)) return 0;
  return static_cast<std::size_t>(status.ullTotalPhys);
}

void* map_zeroed(std::size_t bytes) { return VirtualAlloc(nullptr, bytes, MEM_RESERVE | MEM_COMMIT, PAGE_READWRITE); }

void unmap(void* p, std::size_t) {
  if (p) VirtualFree(p, 0, MEM_RELEASE);
}

void advise_huge_pages(void*, std::size_t) {}

void* alloc_huge(std::size_t bytes) { return _aligned_malloc((bytes + HUGE_PAGE - 1) / HUGE_PAGE * HUGE_PAGE, HUGE_PAGE); }

void free_huge(void* p) { _aligned_free(p); }

#else

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
  const auto start = (reinterpret_cast<std::uintptr_t>(p) + HUGE_PAGE - 1) / HUGE_PAGE * HUGE_PAGE;
  const auto end = (reinterpret_cast<std::uintptr_t>(p) + bytes) / HUGE_PAGE * HUGE_PAGE;
  if (p && end > start) madvise(reinterpret_cast<void*>(start), end - start, MADV_HUGEPAGE);
}

void* alloc_huge(std::size_t bytes) {
  const std::size_t rounded = (bytes + HUGE_PAGE - 1) / HUGE_PAGE * HUGE_PAGE;
  void* p = std::aligned_alloc(HUGE_PAGE, rounded);
  // Only advice: where the kernel has no huge pages to give, the memory works as before.
  if (p) madvise(p, rounded, MADV_HUGEPAGE);
  return p;
}

void free_huge(void* p) { std::free(p); }

#endif

}  // namespace tilestone::core
