#include "g2048/weights_file.h"

#include <zstd.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <fstream>
#include <filesystem>
#include <system_error>

#include <fmt/format.h>

#include "core/bytes.h"
#include "core/replace_file.h"

namespace tilestone::g2048 {

namespace {

constexpr std::size_t MAGIC_BYTES = 8;
// Version 5's flags byte.
constexpr std::uint8_t STAGE_BEFORE_DOWNGRADING = 1;
constexpr std::uint8_t LATER_STAGES_WHOLE = 2;

std::size_t element_bytes(WeightEncoding e) { return e == WeightEncoding::Int16 ? 2 : 4; }

struct Header {
  WeightsInfo info;
  std::vector<Tuple> layout;
  StageThresholds stages;
  std::uint64_t checksum = 0;
  std::size_t size = 0;           // bytes up to the payload
  std::size_t checksum_pos = 0;   // where the checksum field sits
  std::uint64_t restart_next = 0;
  // The payload's bytes: the weights, then the TC accumulators and the restart pool.
  std::uint64_t expected_payload() const {
    return info.weights * element_bytes(info.encoding) + (info.tc ? info.weights * 8 : 0) + info.restart_boards * 8;
  }
};

core::Result<Header> parse_header(std::string_view bytes) {
  if (bytes.size() < MAGIC_BYTES || bytes.substr(0, MAGIC_BYTES) != std::string_view(WEIGHTS_MAGIC, MAGIC_BYTES))
    return core::fail("not a tilestone n-tuple weights file (its first bytes are not \"TSNTUPLE\")");
  core::ByteReader r(bytes.substr(MAGIC_BYTES));
  Header h;
  h.info.version = r.get<std::uint32_t>();
  if (!r.short_read() && (h.info.version < WEIGHTS_OLDEST_VERSION || h.info.version > WEIGHTS_VERSION))
    return core::fail(fmt::format("weights file version {} is not supported (this build reads versions {} to {})",
                                  h.info.version, WEIGHTS_OLDEST_VERSION, WEIGHTS_VERSION));
  const auto encoding = r.get<std::uint32_t>();
  const auto header_bytes = r.get<std::uint32_t>();
  const auto tuples = r.get<std::uint32_t>();
  if (r.short_read()) return core::fail("weights file is truncated (its header is incomplete)");
  if (encoding > 1) return core::fail(fmt::format("weights file has an unknown value encoding ({})", encoding));
  h.info.encoding = static_cast<WeightEncoding>(encoding);
  if (tuples == 0 || tuples > MAX_TUPLES) return core::fail(fmt::format("weights file is corrupt: {} tuples", tuples));
  for (std::uint32_t t = 0; t < tuples && !r.short_read(); ++t) {
    const auto cells = r.get<std::uint8_t>();
    if (cells > MAX_TUPLE_CELLS) return core::fail(fmt::format("weights file is corrupt: a tuple of {} cells", cells));
    Tuple tuple;
    for (int k = 0; k < cells; ++k) tuple.push_back(r.get<std::uint8_t>());
    h.layout.push_back(tuple);
  }
  h.info.scale = r.get<double>();
  h.info.games_trained = r.get<std::uint64_t>();
  h.info.weights = r.get<std::uint64_t>();
  h.info.payload_bytes = r.get<std::uint64_t>();
  std::uint64_t restart_next = 0;
  if (h.info.version >= 2) {
    const auto tc = r.get<std::uint32_t>();
    if (tc > 1) return core::fail(fmt::format("weights file is corrupt: TC flag {}", tc));
    h.info.tc = tc == 1;
    h.info.restart_boards = r.get<std::uint64_t>();
    restart_next = r.get<std::uint64_t>();
  }
  if (h.info.version >= 3) {
    const auto stages = r.get<std::uint32_t>();
    if (!r.short_read() && (stages < 1 || stages > MAX_STAGES))
      return core::fail(fmt::format("weights file is corrupt: {} stages", stages));
    for (std::uint32_t k = 1; k < stages && !r.short_read(); ++k) h.stages.push_back(r.get<std::uint8_t>());
  }
  if (h.info.version >= 4) {
    const auto from = r.get<std::uint8_t>();
    if (!r.short_read() && !NTupleNetwork::valid_downgrade_exponent(from))
      return core::fail(fmt::format("weights file is corrupt: tile downgrading from exponent {}", from));
    h.info.downgrade_from = from;
  }
  if (h.info.version >= 5) {
    const auto flags = r.get<std::uint8_t>();
    if (!r.short_read() && (flags & ~(STAGE_BEFORE_DOWNGRADING | LATER_STAGES_WHOLE)) != 0)
      return core::fail(fmt::format("weights file is corrupt: unknown flags {:#x}", flags));
    h.info.stage_before_downgrading = (flags & STAGE_BEFORE_DOWNGRADING) != 0;
    h.info.later_stages_whole = (flags & LATER_STAGES_WHOLE) != 0;
  }
  h.checksum_pos = MAGIC_BYTES + r.pos();
  h.checksum = r.get<std::uint64_t>();
  if (r.short_read()) return core::fail("weights file is truncated (its header is incomplete)");
  h.size = MAGIC_BYTES + r.pos();
  if (header_bytes != h.size) return core::fail("weights file is corrupt: its header size does not match");
  if (auto msg = NTupleNetwork::validate_layout(h.layout); !msg.empty())
    return core::fail("weights file is corrupt: " + msg);
  if (auto msg = NTupleNetwork::validate_stages(h.stages); !msg.empty()) return core::fail("weights file is corrupt: " + msg);
  h.info.layout = format_layout(h.layout);
  h.info.stages = format_stages(h.stages);
  std::uint64_t expected = 0;
  for (const Tuple& t : h.layout) expected += std::uint64_t{1} << (4 * t.size());
  expected *= h.stages.size() + 1;
  if (h.info.weights != expected) return core::fail("weights file is corrupt: its weight count does not match its tuples");
  if (!(std::isfinite(h.info.scale) && h.info.scale >= 0)) return core::fail("weights file is corrupt: bad scale");
  if (h.info.restart_boards > (std::uint64_t{1} << 24) ||
      (h.info.restart_boards > 0 ? restart_next >= h.info.restart_boards : restart_next != 0))
    return core::fail("weights file is corrupt: bad restart pool");
  h.restart_next = restart_next;
  return h;
}

std::string header_bytes(const NTupleNetwork& net, std::uint32_t version, WeightEncoding enc, double scale,
                         std::uint64_t weights, std::uint64_t payload, const TrainState* state, std::uint64_t checksum) {
  std::string h(WEIGHTS_MAGIC, MAGIC_BYTES);
  std::size_t size = MAGIC_BYTES + 4 * 4 + 8 * 5 + (version >= 2 ? 4 + 8 * 2 : 0) +
                     (version >= 3 ? 4 + net.stage_thresholds().size() : 0) + (version >= 4 ? 1 : 0) + (version >= 5 ? 1 : 0);
  for (const Tuple& t : net.layout()) size += 1 + t.size();
  core::put_bytes<std::uint32_t>(h, version);
  core::put_bytes<std::uint32_t>(h, static_cast<std::uint32_t>(enc));
  core::put_bytes<std::uint32_t>(h, static_cast<std::uint32_t>(size));
  core::put_bytes<std::uint32_t>(h, static_cast<std::uint32_t>(net.layout().size()));
  for (const Tuple& t : net.layout()) {
    core::put_bytes<std::uint8_t>(h, static_cast<std::uint8_t>(t.size()));
    for (auto c : t) core::put_bytes<std::uint8_t>(h, c);
  }
  core::put_bytes<double>(h, scale);
  core::put_bytes<std::uint64_t>(h, net.games_trained);
  core::put_bytes<std::uint64_t>(h, weights);
  core::put_bytes<std::uint64_t>(h, payload);
  if (version >= 2) {
    core::put_bytes<std::uint32_t>(h, state && state->has_tc() ? 1 : 0);
    core::put_bytes<std::uint64_t>(h, state ? state->restart_pool.size() : 0);
    core::put_bytes<std::uint64_t>(h, state && !state->restart_pool.empty() ? state->restart_next % state->restart_pool.size() : 0);
  }
  if (version >= 3) {
    core::put_bytes<std::uint32_t>(h, static_cast<std::uint32_t>(net.stages()));
    for (auto e : net.stage_thresholds()) core::put_bytes<std::uint8_t>(h, e);
  }
  if (version >= 4) core::put_bytes<std::uint8_t>(h, static_cast<std::uint8_t>(net.downgrade_from()));
  // A network whose stages are read before downgrading is one joined from two (2048 join): its
  // stages come from different networks, so their differences are no smaller than they are.
  if (version >= 5)
    core::put_bytes<std::uint8_t>(h, net.stage_before_downgrading() ? STAGE_BEFORE_DOWNGRADING | LATER_STAGES_WHOLE : 0);
  core::put_bytes<std::uint64_t>(h, checksum);
  return h;
}

}  // namespace

std::string_view to_string(WeightEncoding e) { return e == WeightEncoding::Int16 ? "int16" : "float32"; }

std::string encode_network(const NTupleNetwork& net, const SaveOptions& options, const TrainState* state) {
  // A version 1 file has no room for training state.
  std::uint32_t version = std::clamp(options.version, WEIGHTS_OLDEST_VERSION, WEIGHTS_VERSION);
  // Stages need version 3, a threshold of tile downgrading other than the default version 4, the
  // stage of the board before downgrading version 5.
  if (net.stages() > 1 || net.downgrade_from() != params::DOWNGRADE_FROM_EXPONENT || net.stage_before_downgrading())
    version = WEIGHTS_VERSION;
  if (version < 2) state = nullptr;
  // Step 1. The weights, raw, in the chosen encoding (net.weight reads either storage).
  std::uint64_t weights = 0;
  float largest = 0;
  for (std::size_t t = 0; t < net.table_count(); ++t) {
    weights += net.table_size(t);
    for (std::size_t i = 0; i < net.table_size(t); ++i) largest = std::max(largest, std::fabs(net.weight(t, i)));
  }
  // With a step, the largest weight maps to the largest multiple of it that int16 holds.
  const double step = std::clamp(options.int16_step, 1, 4096);
  const double limit = std::floor(32767.0 / step) * step;
  const double scale = options.encoding == WeightEncoding::Int16 ? (largest > 0 ? largest / limit : 1.0) : 1.0;
  auto quantise = [scale, step, limit](float w) {
    return static_cast<std::int16_t>(std::clamp(std::round(static_cast<double>(w) / scale / step) * step, -limit, limit));
  };
  const std::size_t tuples = net.layout().size();
  std::string raw;
  raw.reserve(weights * element_bytes(options.encoding));
  for (std::size_t t = 0; t < net.table_count(); ++t) {
    for (std::size_t i = 0; i < net.table_size(t); ++i) {
      if (options.encoding == WeightEncoding::Int16) {
        // Later stages as a difference from the first stage, modulo 2^16 (or whole: header_bytes).
        const bool whole = t < tuples || net.stage_before_downgrading();
        const auto base = whole ? std::uint16_t{0} : static_cast<std::uint16_t>(quantise(net.weight(t % tuples, i)));
        core::put_bytes<std::uint16_t>(raw, static_cast<std::uint16_t>(static_cast<std::uint16_t>(quantise(net.weight(t, i))) - base));
      } else {
        core::put_bytes<float>(raw, net.weight(t, i));
      }
    }
  }
  if (state && state->has_tc()) {
    // Every E table, then every A table (the file's order; memory keeps each weight's two together).
    for (float TcPair::*field : {&TcPair::error, &TcPair::abs})
      for (const TcTable& table : state->tc)
        for (const TcPair& pair : table) core::put_bytes<float>(raw, pair.*field);
  }
  if (state)
    for (std::uint64_t board : state->restart_pool) core::put_bytes<std::uint64_t>(raw, board);

  // Step 2. Checksum over the header (checksum field zero) and the raw payload, then compress.
  const std::string unsummed = header_bytes(net, version, options.encoding, scale, weights, raw.size(), state, 0);
  const std::uint64_t checksum = core::fnv1a(raw, core::fnv1a(unsummed));
  std::string out = header_bytes(net, version, options.encoding, scale, weights, raw.size(), state, checksum);
  const std::size_t head = out.size();
  out.resize(head + ZSTD_compressBound(raw.size()));
  ZSTD_CCtx* cctx = ZSTD_createCCtx();
  ZSTD_CCtx_setParameter(cctx, ZSTD_c_compressionLevel, options.zstd_level);
  const std::size_t n = ZSTD_compress2(cctx, out.data() + head, out.size() - head, raw.data(), raw.size());
  ZSTD_freeCCtx(cctx);
  out.resize(head + (ZSTD_isError(n) ? 0 : n));
  return out;
}

core::Result<WeightsInfo> read_weights_info(std::string_view bytes) {
  auto h = parse_header(bytes);
  if (!h) return core::fail(h.error());
  return h->info;
}

core::Result<NTupleNetwork> decode_network(std::string_view bytes, NTupleNetwork::Storage storage) {
  auto c = decode_checkpoint(bytes, storage);
  if (!c) return core::fail(c.error());
  return std::move(c->net);
}

namespace {

// Receives the decompressed payload chunk by chunk (every chunk but the last a multiple of 8
// bytes, which every part's size is) and puts each byte where it belongs: the weights (int16
// converted as they come, or kept as q in an INT16 network), the TC accumulators, the restart pool. It sums the checksum on the way,
// so the payload is never held whole.
class PayloadSink {
 public:
  PayloadSink(Checkpoint& out, const Header& h, std::uint64_t checksum_seed)
      : out_(out), h_(h), sum_(checksum_seed), int16_(h.info.encoding == WeightEncoding::Int16) {
    NTupleNetwork& net = out.net;
    for (std::size_t t = 0; t < net.table_count(); ++t)
      parts_.push_back({Part::WEIGHTS, t, net.table_size(t) * element_bytes(h.info.encoding), nullptr});
    if (h.info.tc) {
      out.state.enable_tc(net);
      for (float TcPair::*field : {&TcPair::error, &TcPair::abs})
        for (std::size_t t = 0; t < out.state.tc.size(); ++t)
          parts_.push_back({Part::TC, t, out.state.tc[t].size() * 4, nullptr, field});
    }
    out.state.restart_pool.resize(h.info.restart_boards);
    if (h.info.restart_boards > 0)
      parts_.push_back({Part::BYTES, 0, h.info.restart_boards * 8, reinterpret_cast<char*>(out.state.restart_pool.data())});
  }

  /// False when the payload is longer than announced.
  bool feed(const char* p, std::size_t n) {
    sum_ = core::fnv1a(std::string_view(p, n), sum_);
    while (n > 0) {
      if (part_ == parts_.size()) return false;
      Part& part = parts_[part_];
      const std::size_t take = std::min(n, part.bytes - at_);
      if (part.kind == Part::BYTES)
        std::memcpy(part.dest + at_, p, take);
      else if (part.kind == Part::TC)
        accumulators(part, at_, p, take);
      else
        weights(part.table, at_, p, take);
      p += take;
      n -= take;
      at_ += take;
      if (at_ == part.bytes) ++part_, at_ = 0;
    }
    return true;
  }
  bool complete() const { return part_ == parts_.size(); }
  std::uint64_t checksum() const { return sum_; }

 private:
  struct Part {
    enum Kind { WEIGHTS, BYTES, TC } kind;
    std::size_t table;
    std::size_t bytes;
    char* dest;
    float TcPair::*field = nullptr;  ///< TC: which accumulator of the table's pairs
  };

  // Bytes [at, at + n) of one accumulator (E or A) of TC table t, whole floats, into its pairs.
  void accumulators(const Part& part, std::size_t at, const char* p, std::size_t n) {
    TcPair* dst = out_.state.tc[part.table].data() + at / 4;
    for (std::size_t i = 0; i < n / 4; ++i) std::memcpy(&(dst[i].*part.field), p + 4 * i, 4);
  }

  // Bytes [at, at + n) of table t's weights (whole elements: chunks keep to multiples of 8).
  void weights(std::size_t t, std::size_t at, const char* p, std::size_t n) {
    if (out_.net.storage() == NTupleNetwork::Storage::INT16) {
      quants(t, at, p, n);
      return;
    }
    WeightTable& table = out_.net.table(t);
    if (!int16_) {
      std::memcpy(reinterpret_cast<char*>(table.data()) + at, p, n);
      return;
    }
    const std::size_t tuples = out_.net.layout().size();
    const double scale = h_.info.scale, inverse = scale > 0 ? 1.0 / scale : 0.0;
    const std::size_t count = n / 2;
    // Plain pointer loops: hundreds of millions of weights load in a second, and in a few in an
    // unoptimised sanitizer build.
    const auto* src = reinterpret_cast<const unsigned char*>(p);
    float* dst = table.data() + at / 2;
    if (t < tuples || h_.info.later_stages_whole) {
      for (std::size_t i = 0; i < count; ++i) {
        const auto q = static_cast<std::int16_t>(static_cast<std::uint16_t>(src[2 * i] | (src[2 * i + 1] << 8)));
        dst[i] = static_cast<float>(q * scale);
      }
      return;
    }
    // A later stage holds its q minus the first stage's, modulo 2^16. The first stage's q comes
    // back exactly from its float: |q| <= 32767 keeps q * scale / scale within 0.002 of q, and
    // adding a half towards its sign then truncating rounds it.
    const float* base = out_.net.table(t % tuples).data() + at / 2;
    for (std::size_t i = 0; i < count; ++i) {
      const double x = static_cast<double>(base[i]) * inverse;
      const auto q0 = static_cast<std::int16_t>(static_cast<int>(x + (x >= 0 ? 0.5 : -0.5)));
      const auto d = static_cast<std::uint16_t>(src[2 * i] | (src[2 * i + 1] << 8));
      const auto q = static_cast<std::int16_t>(static_cast<std::uint16_t>(d + static_cast<std::uint16_t>(q0)));
      dst[i] = static_cast<float>(q * scale);
    }
  }

  // The same bytes into an INT16 network: q as it is, a later stage's q from its difference.
  void quants(std::size_t t, std::size_t at, const char* p, std::size_t n) {
    const std::size_t tuples = out_.net.layout().size();
    const std::size_t count = n / 2;
    const auto* src = reinterpret_cast<const unsigned char*>(p);
    std::int16_t* dst = out_.net.qtable(t).data() + at / 2;
    const std::int16_t* base = t < tuples || h_.info.later_stages_whole ? nullptr : out_.net.qtable(t % tuples).data() + at / 2;
    for (std::size_t i = 0; i < count; ++i) {
      const auto d = static_cast<std::uint16_t>(src[2 * i] | (src[2 * i + 1] << 8));
      dst[i] = static_cast<std::int16_t>(base ? static_cast<std::uint16_t>(d + static_cast<std::uint16_t>(base[i])) : d);
    }
  }

  Checkpoint& out_;
  const Header& h_;
  std::uint64_t sum_;
  bool int16_;
  std::vector<Part> parts_;
  std::size_t part_ = 0, at_ = 0;
};

}  // namespace

core::Result<Checkpoint> decode_checkpoint(std::string_view bytes, NTupleNetwork::Storage storage) {
  auto parsed = parse_header(bytes);
  if (!parsed) return core::fail(parsed.error());
  const Header& h = *parsed;
  if (h.info.payload_bytes != h.expected_payload())
    return core::fail("weights file is corrupt: its payload size does not match its weights");
  const std::string_view frame = bytes.substr(h.size);
  const unsigned long long content = ZSTD_getFrameContentSize(frame.data(), frame.size());
  if (content == ZSTD_CONTENTSIZE_ERROR) return core::fail("weights file is truncated or corrupt (no zstd frame)");
  if (content != ZSTD_CONTENTSIZE_UNKNOWN && content != h.info.payload_bytes)
    return core::fail("weights file is corrupt: its compressed weights have the wrong size");

  // Step 1. The network's tables are written once, by the decoder: no zeros first. A float file
  // stays exact whatever is asked.
  if (h.info.encoding != WeightEncoding::Int16) storage = NTupleNetwork::Storage::FLOAT32;
  Checkpoint out{NTupleNetwork(h.layout, h.stages, NTupleNetwork::Init::NONE, storage, h.info.scale), {}};
  out.net.games_trained = h.info.games_trained;
  out.net.set_downgrade_from(h.info.downgrade_from);
  out.net.set_stage_before_downgrading(h.info.stage_before_downgrading);
  std::string unsummed(bytes.substr(0, h.size));
  std::memset(unsummed.data() + h.checksum_pos, 0, 8);
  PayloadSink sink(out, h, core::fnv1a(unsummed));

  // Step 2. Decompress a chunk at a time into the tables, exactly the announced bytes.
  std::unique_ptr<ZSTD_DCtx, decltype(&ZSTD_freeDCtx)> dctx(ZSTD_createDCtx(), &ZSTD_freeDCtx);
  constexpr std::size_t CHUNK = std::size_t{1} << 20;
  std::vector<char> buf(CHUNK);
  ZSTD_inBuffer in{frame.data(), frame.size(), 0};
  std::size_t held = 0, total = 0, hint = 1;
  while (hint != 0) {
    ZSTD_outBuffer o{buf.data() + held, buf.size() - held, 0};
    hint = ZSTD_decompressStream(dctx.get(), &o, &in);
    if (ZSTD_isError(hint)) return core::fail(fmt::format("weights file is truncated or corrupt ({})", ZSTD_getErrorName(hint)));
    held += o.pos;
    total += o.pos;
    if (total > h.info.payload_bytes) return core::fail("weights file is corrupt: more weights than announced");
    const std::size_t whole = hint == 0 ? held : held / 8 * 8;
    if (!sink.feed(buf.data(), whole)) return core::fail("weights file is corrupt: more weights than announced");
    std::memmove(buf.data(), buf.data() + whole, held - whole);
    held -= whole;
    if (hint != 0 && o.pos == 0 && in.pos == in.size) return core::fail("weights file is truncated (fewer weights than announced)");
  }
  if (total != h.info.payload_bytes || !sink.complete()) return core::fail("weights file is truncated (fewer weights than announced)");

  // Step 3. The checksum.
  if (sink.checksum() != h.checksum) return core::fail("weights file is corrupt (checksum mismatch)");
  out.state.restart_next = h.restart_next;
  return out;
}

core::Result<std::uint64_t> save_network(const NTupleNetwork& net, const std::string& path, const SaveOptions& options,
                                         const TrainState* state) {
  return core::replace_file(path, encode_network(net, options, state));
}

core::Result<Checkpoint> load_checkpoint(const std::string& path, NTupleNetwork::Storage storage) {
  std::error_code ec;
  if (std::filesystem::exists(path, ec) && !std::filesystem::is_regular_file(path, ec))
    return core::fail(fmt::format("weights file {} is not a regular file", path));
  std::ifstream f(path, std::ios::binary | std::ios::ate);
  if (!f) return core::fail(fmt::format("cannot open weights file {}", path));
  // One read of the whole file (a character at a time took a sixth of a load in a debug build).
  const std::streamoff size = f.tellg();
  if (size < 0) return core::fail(fmt::format("cannot read weights file {}", path));
  if (size > (std::streamoff{1} << 32)) return core::fail(fmt::format("weights file {} is too large to be one", path));
  std::string bytes(static_cast<std::size_t>(size), '\0');
  f.seekg(0);
  if (!f.read(bytes.data(), size)) return core::fail(fmt::format("cannot read weights file {}", path));
  auto c = decode_checkpoint(bytes, storage);
  if (!c) return core::fail(fmt::format("{}: {}", path, c.error()));
  return c;
}

core::Result<NTupleNetwork> load_network(const std::string& path, NTupleNetwork::Storage storage) {
  auto c = load_checkpoint(path, storage);
  if (!c) return core::fail(c.error());
  return std::move(c->net);
}

}  // namespace tilestone::g2048
