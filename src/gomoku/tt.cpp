#include "gomoku/tt.h"

#include <new>

#include "gomoku/params.h"

namespace tilestone::gomoku {

std::size_t TranspositionTable::capacity_mb() {
  std::size_t cap = params::TT_MAX_MB;
  if (const std::size_t physical = core::physical_memory_bytes(); physical > 0)
    cap = std::min(cap, physical / (1024 * 1024) * params::TT_MAX_PHYSICAL_PERCENT / 100);
  return std::max<std::size_t>(cap, 1);
}

void TranspositionTable::resize(std::size_t mb) {
  mb = std::min(mb, capacity_mb());
  std::size_t n = MIN_SLOTS;
  while (n * 2 * sizeof(Slot) <= mb * 1024 * 1024) n *= 2;
  slots_.reset();
  for (;; n /= 2) {
    slots_ = core::zeroed_array<Slot>(n);
    if (slots_) {
      core::advise_huge_pages(slots_.get(), n * sizeof(Slot));  // probes at random all over it
      mask_ = n - 1;
      return;
    }
    if (n == MIN_SLOTS) throw std::bad_alloc();
  }
}

}  // namespace tilestone::gomoku
