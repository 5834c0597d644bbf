#include "lab/gomoku/training_data.h"

#include <zstd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

namespace tilestone::gomoku {


TrainingRecord make_record(const Board& board, int value, Point best, int depth, bool proven) {
  TrainingRecord r;
  const int n = board.size();
  r.size = static_cast<std::uint8_t>(n);
  r.rule = board.rule();
  r.to_move = board.to_move();
  r.value = static_cast<std::int16_t>(std::clamp(value, -32767, 32767));
  r.best = static_cast<std::uint16_t>(best.y * n + best.x);
  r.ply = static_cast<std::uint16_t>(board.move_count());
  r.depth = static_cast<std::uint8_t>(std::clamp(depth, 0, 255));
  r.proven = proven;
  for (int y = 0; y < n; ++y)
    for (int x = 0; x < n; ++x) {
      const auto c = board.at({x, y});
      r.cells[static_cast<std::size_t>(y * n + x)] = c ? static_cast<std::uint8_t>(*c) : 0;
    }
  return r;
}

core::Result<Board> record_board(const TrainingRecord& r) {
  const int n = r.size;
  std::vector<Point> stones[2];
  for (int i = 0; i < n * n; ++i) {
    const int c = r.cells[static_cast<std::size_t>(i)];
    if (c == 1 || c == 2) stones[c - 1].push_back({i % n, i / n});
  }
  // Black and white alternately, the surplus of one colour after passes of the other.
  Board b(n, r.rule);
  const std::size_t most = std::max(stones[0].size(), stones[1].size());
  for (std::size_t i = 0; i < most; ++i)
    for (int c = 0; c < 2; ++c) {
      const Color colour = c == 0 ? Color::BLACK : Color::WHITE;
      if (i >= stones[c].size()) continue;
      if (b.to_move() != colour) b.pass();
      b.play(stones[c][i]);
    }
  if (b.to_move() != r.to_move) b.pass();
  return b;
}

namespace {

void put16(std::uint8_t* p, std::uint16_t v) {
  p[0] = static_cast<std::uint8_t>(v);
  p[1] = static_cast<std::uint8_t>(v >> 8);
}
std::uint16_t get16(const std::uint8_t* p) { return static_cast<std::uint16_t>(p[0] | (p[1] << 8)); }
void put32(std::uint8_t* p, std::uint32_t v) {
  for (int i = 0; i < 4; ++i) p[i] = static_cast<std::uint8_t>(v >> (8 * i));
}
std::uint32_t get32(const std::uint8_t* p) {
  std::uint32_t v = 0;
  for (int i = 0; i < 4; ++i) v |= static_cast<std::uint32_t>(p[i]) << (8 * i);
  return v;
}

constexpr std::size_t CELLS_AT = 12;

std::array<std::uint8_t, HEADER_BYTES> header() {
  std::array<std::uint8_t, HEADER_BYTES> h{};
  std::memcpy(h.data(), DATA_MAGIC, sizeof DATA_MAGIC);
  put32(h.data() + 8, DATA_VERSION);
  put32(h.data() + 12, static_cast<std::uint32_t>(RECORD_BYTES));
  return h;
}

}  // namespace

std::array<std::uint8_t, RECORD_BYTES> encode(const TrainingRecord& r) {
  std::array<std::uint8_t, RECORD_BYTES> b{};
  b[0] = r.size;
  b[1] = static_cast<std::uint8_t>(r.rule);
  b[2] = r.to_move == Color::BLACK ? 0 : 1;
  b[3] = r.result;
  put16(&b[4], static_cast<std::uint16_t>(r.value));
  put16(&b[6], r.best);
  put16(&b[8], r.ply);
  b[10] = r.depth;
  b[11] = static_cast<std::uint8_t>((r.proven ? 1 : 0) | (r.off_path ? 2 : 0));
  for (std::size_t i = 0; i < TrainingRecord::MAX_CELLS; ++i)
    b[CELLS_AT + i / 4] |= static_cast<std::uint8_t>((r.cells[i] & 3) << (2 * (i % 4)));
  return b;
}

core::Result<TrainingRecord> decode(const std::uint8_t* b) {
  TrainingRecord r;
  r.size = b[0];
  if (r.size < gomoku::params::MIN_SIZE || r.size > gomoku::params::MAX_SIZE) return core::fail("a board size of " + std::to_string(b[0]));
  if (b[1] > 2) return core::fail("rule number " + std::to_string(b[1]));
  r.rule = static_cast<Rule>(b[1]);
  if (b[2] > 1) return core::fail("side to move " + std::to_string(b[2]));
  r.to_move = b[2] == 0 ? Color::BLACK : Color::WHITE;
  if (b[3] > 2) return core::fail("result " + std::to_string(b[3]));
  r.result = b[3];
  r.value = static_cast<std::int16_t>(get16(&b[4]));
  r.best = get16(&b[6]);
  r.ply = get16(&b[8]);
  r.depth = b[10];
  if (b[11] > 3) return core::fail("flags " + std::to_string(b[11]));
  r.proven = (b[11] & 1) != 0;
  r.off_path = (b[11] & 2) != 0;
  if (r.off_path && r.result != 1) return core::fail("a result on a position off the game's path");
  const int cells = r.size * r.size;
  if (r.best >= cells) return core::fail("a best move off the board");
  int stones = 0;
  for (std::size_t i = 0; i < TrainingRecord::MAX_CELLS; ++i) {
    const int c = (b[CELLS_AT + i / 4] >> (2 * (i % 4))) & 3;
    if (c == 3 || (c != 0 && static_cast<int>(i) >= cells)) return core::fail("a cell code out of place");
    r.cells[i] = static_cast<std::uint8_t>(c);
    stones += c != 0;
  }
  if (stones != r.ply) return core::fail("a ply that is not the number of stones");
  if (r.cells[r.best] != 0) return core::fail("a best move on a stone");
  for (std::size_t i = CELLS_AT + (TrainingRecord::MAX_CELLS + 3) / 4; i < RECORD_BYTES; ++i)
    if (b[i] != 0) return core::fail("padding that is not zero");
  return r;
}

core::Result<std::unique_ptr<DataWriter>> DataWriter::create(const std::string& path, int level) {
  std::unique_ptr<DataWriter> w(new DataWriter());
  w->path_ = path;
  w->file_ = std::fopen(path.c_str(), "wb");
  if (!w->file_) return core::fail("cannot write " + path + ": " + std::strerror(errno));
  auto* ctx = ZSTD_createCCtx();
  w->ctx_ = ctx;
  ZSTD_CCtx_setParameter(ctx, ZSTD_c_compressionLevel, level);
  ZSTD_CCtx_setParameter(ctx, ZSTD_c_checksumFlag, 1);
  w->out_.resize(ZSTD_CStreamOutSize());
  const auto h = header();
  if (auto ok = w->push(h.data(), h.size(), false); !ok) return core::fail(ok.error());
  return w;
}

DataWriter::~DataWriter() {
  if (file_) (void)close();
  ZSTD_freeCCtx(static_cast<ZSTD_CCtx*>(ctx_));
}

core::Result<bool> DataWriter::push(const std::uint8_t* data, std::size_t n, bool end) {
  ZSTD_inBuffer in{data, n, 0};
  auto* ctx = static_cast<ZSTD_CCtx*>(ctx_);
  while (true) {
    ZSTD_outBuffer out{out_.data(), out_.size(), 0};
    const std::size_t left = ZSTD_compressStream2(ctx, &out, &in, end ? ZSTD_e_end : ZSTD_e_continue);
    if (ZSTD_isError(left)) return core::fail(path_ + ": zstd: " + ZSTD_getErrorName(left));
    if (out.pos > 0 && std::fwrite(out_.data(), 1, out.pos, file_) != out.pos)
      return core::fail("cannot write " + path_ + ": " + std::strerror(errno));
    if (end ? left == 0 : in.pos == in.size) return true;
  }
}

core::Result<bool> DataWriter::write(const TrainingRecord& r) {
  if (!file_) return core::fail(path_ + " is closed");
  const auto b = encode(r);
  if (auto ok = push(b.data(), b.size(), false); !ok) return ok;
  ++records_;
  return true;
}

core::Result<bool> DataWriter::close() {
  if (!file_) return true;
  auto ok = push(nullptr, 0, true);
  const bool flushed = std::fflush(file_) == 0;
  const bool closed = std::fclose(file_) == 0;
  file_ = nullptr;
  if (!ok) return ok;
  if (!flushed || !closed) return core::fail("cannot write " + path_ + ": " + std::strerror(errno));
  return true;
}

core::Result<std::vector<TrainingRecord>> read_data(const std::string& path) {
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) return core::fail("cannot read " + path + ": " + std::strerror(errno));
  std::vector<std::uint8_t> raw, plain;
  std::vector<std::uint8_t> chunk(1 << 16);
  for (std::size_t n; (n = std::fread(chunk.data(), 1, chunk.size(), f)) > 0;) raw.insert(raw.end(), chunk.begin(), chunk.begin() + static_cast<std::ptrdiff_t>(n));
  std::fclose(f);
  // Decompress every frame; a stream cut short is an error, not fewer records.
  ZSTD_DCtx* ctx = ZSTD_createDCtx();
  ZSTD_inBuffer in{raw.data(), raw.size(), 0};
  std::size_t pending = 0;
  while (in.pos < in.size) {
    ZSTD_outBuffer out{chunk.data(), chunk.size(), 0};
    pending = ZSTD_decompressStream(ctx, &out, &in);
    if (ZSTD_isError(pending)) {
      const std::string why = ZSTD_getErrorName(pending);
      ZSTD_freeDCtx(ctx);
      return core::fail(path + " is not a tilestone data file (zstd: " + why + ")");
    }
    plain.insert(plain.end(), chunk.begin(), chunk.begin() + static_cast<std::ptrdiff_t>(out.pos));
  }
  ZSTD_freeDCtx(ctx);
  if (pending != 0) return core::fail(path + " is truncated");
  // Headers (one per concatenated file) and records.
  std::vector<TrainingRecord> records;
  std::size_t at = 0;
  if (plain.size() < HEADER_BYTES) return core::fail(path + " is not a tilestone data file (no header)");
  while (at < plain.size()) {
    if (plain.size() - at >= sizeof DATA_MAGIC && std::memcmp(&plain[at], DATA_MAGIC, sizeof DATA_MAGIC) == 0) {
      if (plain.size() - at < HEADER_BYTES) return core::fail(path + " is truncated");
      const std::uint32_t version = get32(&plain[at + 8]), bytes = get32(&plain[at + 12]);
      if (version != DATA_VERSION)
        return core::fail(path + " is version " + std::to_string(version) + " of the data format; this build reads version " + std::to_string(DATA_VERSION));
      if (bytes != RECORD_BYTES) return core::fail(path + " has records of " + std::to_string(bytes) + " bytes, not " + std::to_string(RECORD_BYTES));
      at += HEADER_BYTES;
      continue;
    }
    if (at == 0) return core::fail(path + " is not a tilestone data file (no header)");
    if (plain.size() - at < RECORD_BYTES) return core::fail(path + " is truncated");
    auto r = decode(&plain[at]);
    if (!r) return core::fail(path + ", record " + std::to_string(records.size() + 1) + ": " + r.error());
    records.push_back(*r);
    at += RECORD_BYTES;
  }
  return records;
}

}  // namespace tilestone::gomoku
