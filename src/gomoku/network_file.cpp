// The Gomoku network file (the layout is in network.h): writing, and reading with every field
// checked, so a wrong, truncated, corrupt or foreign file is refused with a message.

#include <algorithm>
#include <cstring>
#include <fstream>
#include <iterator>

#include "gomoku/network.h"

#include "core/bytes.h"
#include "core/concat.h"
#include "core/replace_file.h"

namespace tilestone::gomoku {
namespace {

constexpr std::size_t MAGIC_BYTES = 8;
constexpr std::uint32_t MAX_DESCRIPTION = 4096;
/// Header bytes without the description.
constexpr std::size_t FIXED_HEADER = MAGIC_BYTES + 4 + 4 + 4 + 8 * 4 + 4 + 8 + 8;

std::uint64_t table_bytes() {
  const NetTables t;
  return 2 * (t.embed.size() + t.bias.size() + t.w1.size() + t.w2.size() + t.w3.size() + t.policy_w.size()) +
         4 * (t.b1.size() + t.b2.size() + t.b3.size() + 1);
}

/// The value bias by side to move, from version 3 on.
constexpr std::uint64_t SIDE_BIAS_BYTES = 4 * 2 * NET_OUTPUTS;

std::string header(const Network& net, std::uint64_t payload, std::uint64_t checksum) {
  std::string h(NET_MAGIC, MAGIC_BYTES);
  core::put_bytes<std::uint32_t>(h, NET_VERSION);
  core::put_bytes<std::uint32_t>(h, static_cast<std::uint32_t>(FIXED_HEADER + net.description().size()));
  core::put_bytes<std::uint8_t>(h, static_cast<std::uint8_t>(net.rule()));
  core::put_bytes<std::uint8_t>(h, static_cast<std::uint8_t>(net.table_sets()));
  core::put_bytes<std::uint16_t>(h, static_cast<std::uint16_t>(net.classical_share()));
  for (int v : {NET_FEATURES, NET_HIDDEN, NET_WINDOWS, NET_CENTRE_STATES, NET_OUTPUTS, NET_QA, NET_QM, NET_QW})
    core::put_bytes<std::uint32_t>(h, static_cast<std::uint32_t>(v));
  core::put_bytes<std::uint32_t>(h, static_cast<std::uint32_t>(net.description().size()));
  h += net.description();
  core::put_bytes<std::uint64_t>(h, payload);
  core::put_bytes<std::uint64_t>(h, checksum);
  return h;
}

}  // namespace

std::string encode_network_file(const Network& net) {
  std::string payload;
  payload.reserve(table_bytes() * static_cast<std::uint64_t>(net.table_sets()));
  for (int s = 0; s < net.table_sets(); ++s) {
    const NetTables& t = net.tables(s);
    core::put_all(payload, t.embed);
    core::put_all(payload, t.bias);
    core::put_all(payload, t.w1);
    core::put_all(payload, t.b1);
    core::put_all(payload, t.w2);
    core::put_all(payload, t.b2);
    core::put_all(payload, t.w3);
    core::put_all(payload, t.b3);
    core::put_all(payload, t.policy_w);
    core::put_bytes<std::int32_t>(payload, t.policy_b);
  }
  for (int side = 0; side < 2; ++side)
    for (const std::int32_t x : net.side_bias(side)) core::put_bytes<std::int32_t>(payload, x);
  const std::uint64_t checksum = core::fnv1a(payload, core::fnv1a(header(net, payload.size(), 0)));
  return header(net, payload.size(), checksum) + payload;
}

core::Result<Network> decode_network_file(std::string_view bytes) {
  // Step 1. What the file is and which version.
  if (bytes.size() < MAGIC_BYTES || bytes.substr(0, MAGIC_BYTES) != std::string_view(NET_MAGIC, MAGIC_BYTES))
    return core::fail("not a tilestone Gomoku network file (its first bytes are not \"TSGOMNET\")");
  core::ByteReader r(bytes);
  r.take(MAGIC_BYTES);
  const auto version = r.get<std::uint32_t>();
  if (r.short_read()) return core::fail("network file is truncated (its header is incomplete)");
  if (version < NET_OLDEST_VERSION || version > NET_VERSION)
    return core::fail(core::concat("network file version ", version, " is not supported (this build reads versions ", NET_OLDEST_VERSION, " to ", NET_VERSION, ")"));
  // Step 2. The header: rule, dimensions, scales, description.
  const auto header_bytes = r.get<std::uint32_t>();
  const auto rule = r.get<std::uint8_t>();
  const auto sets = r.get<std::uint8_t>();
  // Version 2: the classical evaluation's share of the value in percent; version 1: zero.
  const auto share = r.get<std::uint16_t>();
  std::array<std::uint32_t, 8> dims{};
  for (auto& d : dims) d = r.get<std::uint32_t>();
  const auto description_bytes = r.get<std::uint32_t>();
  if (r.short_read()) return core::fail("network file is truncated (its header is incomplete)");
  if (rule > static_cast<std::uint8_t>(Rule::RENJU)) return core::fail(core::concat("network file is corrupt: unknown rule ", +rule));
  if (sets != (rule == static_cast<std::uint8_t>(Rule::RENJU) ? 2 : 1))
    return core::fail(core::concat("network file is corrupt: ", +sets, " table sets for rule ", +rule));
  if (share > (version == 1 ? 0 : 100))
    return core::fail(core::concat("network file is corrupt: a classical share of ", share, " %"));
  const std::array<std::uint32_t, 8> built = {NET_FEATURES, NET_HIDDEN, NET_WINDOWS, NET_CENTRE_STATES,
                                              NET_OUTPUTS,  NET_QA,     NET_QM,      NET_QW};
  if (dims != built)
    return core::fail(core::concat("network file has another architecture (features ", dims[0], ", hidden ", dims[1], ", windows ", dims[2], ", centre states ", dims[3], ", outputs ", dims[4], ", scales ", dims[5], "/", dims[6], "/", dims[7], "); this build runs features ", built[0], ", hidden ", built[1], ", windows ", built[2], ", centre states ", built[3], ", outputs ", built[4], ", scales ", built[5], "/", built[6], "/", built[7]));
  if (description_bytes > MAX_DESCRIPTION)
    return core::fail(core::concat("network file is corrupt: a description of ", description_bytes, " bytes"));
  std::string description(r.take(description_bytes));
  const auto payload_bytes = r.get<std::uint64_t>();
  const std::size_t checksum_pos = r.pos();
  const auto checksum = r.get<std::uint64_t>();
  if (r.short_read()) return core::fail("network file is truncated (its header is incomplete)");
  if (header_bytes != r.pos()) return core::fail("network file is corrupt: its header size does not match");
  // Step 3. The payload: its size, then the checksum over header and payload.
  const std::uint64_t expected = table_bytes() * sets + (version >= 3 ? SIDE_BIAS_BYTES : 0);
  if (payload_bytes != expected)
    return core::fail(core::concat("network file is corrupt: it claims ", payload_bytes, " payload bytes, its architecture needs ", expected));
  const std::uint64_t present = bytes.size() - r.pos();
  if (present < expected)
    return core::fail(core::concat("network file is truncated: ", present, " of its ", expected, " payload bytes are there"));
  if (present > expected)
    return core::fail(core::concat("network file is corrupt: ", present - expected, " bytes follow its payload"));
  std::string zeroed(bytes.substr(0, r.pos()));
  std::memset(zeroed.data() + checksum_pos, 0, sizeof(std::uint64_t));
  if (core::fnv1a(bytes.substr(r.pos()), core::fnv1a(zeroed)) != checksum)
    return core::fail("network file is corrupt: its checksum does not match its contents");
  // Step 4. The weights, within the bounds that keep the integer sums from overflowing.
  std::vector<NetTables> tables(sets);
  for (NetTables& t : tables) {
    r.get_all(t.embed);
    r.get_all(t.bias);
    r.get_all(t.w1);
    r.get_all(t.b1);
    r.get_all(t.w2);
    r.get_all(t.b2);
    r.get_all(t.w3);
    r.get_all(t.b3);
    r.get_all(t.policy_w);
    t.policy_b = r.get<std::int32_t>();
    if (auto msg = t.check_bounds(); !msg.empty()) return core::fail("network file is corrupt: " + msg);
  }
  std::array<Network::SideBias, 2> side_bias{};
  if (version >= 3) {
    for (auto& b : side_bias)
      for (std::int32_t& x : b) {
        x = r.get<std::int32_t>();
        if (x > NET_MAX_SIDE_BIAS || x < -NET_MAX_SIDE_BIAS)
          return core::fail(core::concat("network file is corrupt: a value bias of the side to move holds ", x, " (bound ", NET_MAX_SIDE_BIAS, ")"));
      }
  }
  Network net(static_cast<Rule>(rule), std::move(tables), std::move(description));
  net.set_classical_share(share);
  net.set_side_bias(side_bias);
  return net;
}

core::Result<Network> load_network_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return core::fail(core::concat("cannot open network file ", path));
  const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (in.bad()) return core::fail(core::concat("cannot read network file ", path));
  auto net = decode_network_file(bytes);
  if (!net) return core::fail(core::concat(path, ": ", net.error()));
  return net;
}

core::Result<std::shared_ptr<const Network>> load_network_for(const std::string& path, Rule rule) {
  auto net = load_network_file(path);
  if (!net) return core::fail(net.error());
  if (net->rule() != rule)
    return core::fail(core::concat(path, " is a network for ", rule_name(net->rule()), ", not for ", rule_name(rule)));
  return std::make_shared<const Network>(std::move(*net));
}

bool RuleNetworks::any() const {
  return std::ranges::any_of(nets_, [](const auto& net) { return net != nullptr; });
}

core::Result<bool> RuleNetworks::add_file(const std::string& path) {
  auto net = load_network_file(path);
  if (!net) return core::fail(net.error());
  auto& slot = nets_[static_cast<std::size_t>(net->rule())];
  if (slot) return core::fail(core::concat(path, ": a second network for ", rule_name(net->rule())));
  slot = std::make_shared<const Network>(std::move(*net));
  return true;
}

core::Result<std::uint64_t> save_network_file(const Network& net, const std::string& path) {
  return core::replace_file(path, encode_network_file(net));
}

}  // namespace tilestone::gomoku
