#pragma once
// A network joined from two: one's first stage for the boards on the way to a tile, another's
// weights for the late game, from the boards holding that tile on. With tile downgrading from the
// same tile, a board holding it is valued at the downgraded board's features, in the late stage
// (NTupleNetwork::stage_before_downgrading): so a network that builds the tile well and one that
// plays on from it well each do the part they are better at.

#include "core/result.h"
#include "g2048/ntuple.h"

namespace tilestone::g2048 {

/// The stage of `net` its own play values a board holding 2^exponent with a smaller tile missing
/// with (the stage of the downgraded board, or of the board as it is: as the network reads).
int late_stage_of(const NTupleNetwork& net, int exponent);

/// Two stages, the second from 2^exponent: `first`'s first stage, then stage `late_stage` of
/// `late`; tile downgrading from the same tile, each downgraded board in the stage of the board as
/// it was. Both networks FLOAT32 with one layout; an error says what differs.
core::Result<NTupleNetwork> join_late_stage(const NTupleNetwork& first, const NTupleNetwork& late, int late_stage, int exponent);

}  // namespace tilestone::g2048
