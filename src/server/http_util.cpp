#include "server/http_util.h"

#include <cmath>

#include <fmt/format.h>

namespace tilestone::server {

json parse_body(const httplib::Request& req) {
  json j;
  try {
    j = json::parse(req.body);
  } catch (const json::parse_error& e) {
    throw BadRequest(fmt::format("malformed JSON: {}", e.what()));
  } catch (const json::exception& e) {  // out_of_range: a number beyond any double (1e400)
    throw BadRequest(fmt::format("unusable JSON: {}", e.what()));
  }
  if (!j.is_object()) throw BadRequest("the body must be a JSON object");
  return j;
}

std::string get_string(const json& j, const char* key, std::optional<std::string> fallback) {
  if (!j.contains(key) || j[key].is_null()) {
    if (fallback) return *fallback;
    throw BadRequest(fmt::format("'{}' is required", key));
  }
  if (!j[key].is_string()) throw BadRequest(fmt::format("'{}' must be a string", key));
  return j[key].get<std::string>();
}

double get_number(const json& j, const char* key, double lo, double hi, std::optional<double> fallback) {
  if (!j.contains(key) || j[key].is_null()) {
    if (fallback) return *fallback;
    throw BadRequest(fmt::format("'{}' is required", key));
  }
  double v = 0;
  if (j[key].is_number()) {
    v = j[key].get<double>();
  } else if (j[key].is_string()) {  // query parameters arrive as strings
    const std::string s = j[key].get<std::string>();
    try {
      std::size_t used = 0;
      v = std::stod(s, &used);
      if (used != s.size()) throw std::invalid_argument(s);
    } catch (const std::exception&) {
      throw BadRequest(fmt::format("'{}' must be a number", key));
    }
  } else {
    throw BadRequest(fmt::format("'{}' must be a number", key));
  }
  if (!std::isfinite(v) || v < lo || v > hi) throw BadRequest(fmt::format("'{}' must be between {} and {}", key, lo, hi));
  return v;
}

int get_int(const json& j, const char* key, int lo, int hi, std::optional<int> fallback) {
  const double v = get_number(j, key, lo, hi, fallback ? std::optional<double>(*fallback) : std::nullopt);
  if (v != std::floor(v)) throw BadRequest(fmt::format("'{}' must be an integer", key));
  return static_cast<int>(v);
}

std::uint64_t get_seed(const json& j, const char* key, std::uint64_t fallback) {
  if (!j.contains(key) || j[key].is_null()) return fallback;
  const json& v = j[key];
  if (v.is_number_unsigned()) return v.get<std::uint64_t>();
  if (v.is_number_integer() && v.get<std::int64_t>() >= 0) return static_cast<std::uint64_t>(v.get<std::int64_t>());
  if (v.is_string()) {
    const std::string s = v.get<std::string>();
    if (!s.empty() && s.size() <= 20 && s.find_first_not_of("0123456789") == std::string::npos) {
      try {
        return std::stoull(s);
      } catch (const std::exception&) {
      }
    }
  }
  throw BadRequest(fmt::format("'{}' must be a non-negative integer or a decimal string", key));
}

json query_object(const httplib::Request& req) {
  json j = json::object();
  for (const auto& [k, v] : req.params) j[k] = v;
  return j;
}

std::string dump(const json& j) { return j.dump(-1, ' ', false, json::error_handler_t::replace); }

void send_json(httplib::Response& res, const json& body, int status) {
  res.status = status;
  res.set_content(dump(body), "application/json");
}

void send_error(httplib::Response& res, const std::string& message, int status) {
  send_json(res, json{{"error", message}}, status);
}

std::string sse_event(const char* event, const json& data) {
  return fmt::format("event: {}\ndata: {}\n\n", event, dump(data));
}

}  // namespace tilestone::server
