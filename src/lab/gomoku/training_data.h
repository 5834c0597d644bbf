#pragma once
// Training positions for the Gomoku network: the record a self-play search leaves behind (the
// position, the search's value and best move, the game's result) and the file that holds them,
// a zstd-compressed stream of fixed-size records behind a versioned header. The layout is in
// docs/file-formats.md ("Gomoku training data"); train/gomoku/ reads the same bytes.

#include <array>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "core/result.h"
#include "gomoku/board.h"

namespace tilestone::gomoku {

/// One training position, from the side to move's view.
struct TrainingRecord {
  static constexpr int MAX_CELLS = 22 * 22;
  std::uint8_t size = 15;
  gomoku::Rule rule = gomoku::Rule::FREESTYLE;
  gomoku::Color to_move = gomoku::Color::BLACK;
  std::uint8_t result = 1;      ///< for the side to move: 0 loss, 1 draw, 2 win
  std::int16_t value = 0;       ///< the search's value, engine units
  std::uint16_t best = 0;       ///< the search's move: y * size + x
  std::uint16_t ply = 0;        ///< stones on the board
  std::uint8_t depth = 0;       ///< the depth the search finished
  bool proven = false;          ///< the value is a proven win or loss
  /// A position off the game's path (after another move than the one played): its game
  /// result is unknown, `result` is 1 and means nothing.
  bool off_path = false;
  std::array<std::uint8_t, MAX_CELLS> cells{};  ///< y * size + x: 0 empty, 1 black, 2 white

  bool operator==(const TrainingRecord&) const = default;
};

/// The record of `board` (its stones, rule and side to move) with the search's findings.
TrainingRecord make_record(const gomoku::Board& board, int value, gomoku::Point best, int depth, bool proven);

/// The board a record describes: its stones set up with the record's side to move.
core::Result<gomoku::Board> record_board(const TrainingRecord& r);

inline constexpr char DATA_MAGIC[8] = {'T', 'S', 'G', 'O', 'M', 'O', 'K', 'U'};
inline constexpr std::uint32_t DATA_VERSION = 1;
inline constexpr std::size_t RECORD_BYTES = 136;
inline constexpr std::size_t HEADER_BYTES = 16;

/// The bytes of a record (RECORD_BYTES) and back; decode refuses impossible fields.
std::array<std::uint8_t, RECORD_BYTES> encode(const TrainingRecord& r);
core::Result<TrainingRecord> decode(const std::uint8_t* bytes);

/// Writes records to a new file, compressed as it goes; close() finishes the stream (the
/// destructor too, ignoring errors). Errors name the file.
class DataWriter {
 public:
  static core::Result<std::unique_ptr<DataWriter>> create(const std::string& path, int level = 3);
  ~DataWriter();
  DataWriter(const DataWriter&) = delete;
  DataWriter& operator=(const DataWriter&) = delete;

  core::Result<bool> write(const TrainingRecord& r);
  core::Result<bool> close();
  std::uint64_t records() const { return records_; }

 private:
  DataWriter() = default;
  core::Result<bool> push(const std::uint8_t* data, std::size_t n, bool end);

  std::string path_;
  std::FILE* file_ = nullptr;
  void* ctx_ = nullptr;  // ZSTD_CCtx
  std::vector<std::uint8_t> out_;
  std::uint64_t records_ = 0;
};

/// Reads every record of a data file (several concatenated streams too): a wrong magic, an
/// unknown version, a truncated or corrupt stream or an impossible record is an error that
/// names the file.
core::Result<std::vector<TrainingRecord>> read_data(const std::string& path);

}  // namespace tilestone::gomoku
