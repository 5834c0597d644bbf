#include "lab/g2048/late_stage.h"

#include <fmt/format.h>

namespace tilestone::g2048 {

int late_stage_of(const NTupleNetwork& net, int exponent) {
  // The tile in the top-left corner, a 2 beside it: every tile between them is missing.
  const Board b = Board{}.with(0, exponent).with(1, 1);
  return net.valued_stage(b, net.downgrade_from());
}

core::Result<NTupleNetwork> join_late_stage(const NTupleNetwork& first, const NTupleNetwork& late, int late_stage, int exponent) {
  if (first.layout() != late.layout())
    return core::fail(fmt::format("the two networks have different tuples ({} and {})", format_layout(first.layout()),
                                  format_layout(late.layout())));
  if (late_stage < 0 || late_stage >= late.stages())
    return core::fail(fmt::format("the late network has no stage {} (it has {})", late_stage, late.stages()));
  if (!NTupleNetwork::valid_downgrade_exponent(exponent) || exponent == 0)
    return core::fail(fmt::format("a late stage cannot start at exponent {}", exponent));
  if (first.storage() != NTupleNetwork::Storage::FLOAT32 || late.storage() != NTupleNetwork::Storage::FLOAT32)
    return core::fail("both networks must hold float weights");
  NTupleNetwork out(first.layout(), StageThresholds{static_cast<std::uint8_t>(exponent)}, NTupleNetwork::Init::NONE);
  const std::size_t n = first.layout().size();
  for (std::size_t t = 0; t < n; ++t) {
    out.table(t) = first.table(t);
    out.table(n + t) = late.table(static_cast<std::size_t>(late_stage) * n + t);
  }
  out.games_trained = first.games_trained;
  out.set_downgrade_from(exponent);
  out.set_stage_before_downgrading(true);
  return out;
}

}  // namespace tilestone::g2048
