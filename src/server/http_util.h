#pragma once
// Request parsing and response helpers shared by the API handlers.

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>

#include <httplib.h>
#include <nlohmann/json.hpp>

namespace tilestone::server {

using json = nlohmann::json;

/// A client error: answered with HTTP 400 and {"error": message}.
struct BadRequest : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// Something the request names does not exist: HTTP 404 and {"error": message}.
struct NotFound : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// A service the request needs is not available (the game store): HTTP 503 and {"error": message}.
struct Unavailable : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// Too many requests at once for what this one needs (every search slot taken): HTTP 429 and
/// {"error": message}.
struct TooBusy : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// The request body as a JSON object (400 when it is not one, or holds a number too large for
/// any type).
json parse_body(const httplib::Request& req);

/// Typed field access: a missing optional field gives the fallback; a present field of the
/// wrong type, or a number outside [lo, hi], is a BadRequest naming the field.
std::string get_string(const json& j, const char* key, std::optional<std::string> fallback = std::nullopt);
double get_number(const json& j, const char* key, double lo, double hi, std::optional<double> fallback = std::nullopt);
int get_int(const json& j, const char* key, int lo, int hi, std::optional<int> fallback = std::nullopt);
/// A 64-bit seed given as a decimal string or a non-negative integer.
std::uint64_t get_seed(const json& j, const char* key, std::uint64_t fallback);

/// The same checks for query parameters (GET endpoints, Server-Sent Events).
json query_object(const httplib::Request& req);

/// JSON text that never throws: invalid UTF-8 from a client, echoed in a message, becomes U+FFFD.
std::string dump(const json& j);

void send_json(httplib::Response& res, const json& body, int status = 200);
void send_error(httplib::Response& res, const std::string& message, int status = 400);

/// One Server-Sent Event.
std::string sse_event(const char* event, const json& data);

}  // namespace tilestone::server
