#pragma once
// What `gomoku play` keeps in the store: the finished game, the losing move the AI learns from a
// lost game, and the learnt moves the AI must avoid in the position it is asked about.

#include <string>

#include "app/recorder.h"
#include "gomoku/ai.h"

namespace tilestone::app {

class GomokuRecorder {
 public:
  GomokuRecorder(const DbOptions& db, std::string level, gomoku::Color ai, gomoku::Limits limits);

  /// The limits for a search on `board`, with the store's learnt losing moves to avoid.
  gomoku::Limits limits_for(const gomoku::Board& board);

  /// Records the game (once; `outcome` NONE = unfinished, recorded only after a move) and learns
  /// from it when the AI lost; a line or two for the player (empty when there is nothing to say).
  std::string finish(const gomoku::Board& board, gomoku::Outcome outcome);

 private:
  Recorder recorder_;
  std::string level_;
  gomoku::Color ai_;
  gomoku::Limits limits_;
  std::int64_t started_at_;
  bool done_ = false;
};

}  // namespace tilestone::app
