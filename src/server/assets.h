#pragma once
// The web UI's files, embedded at build time (see cmake/embed_assets.cmake).

#include <map>
#include <string_view>

namespace tilestone::server {

/// Path ("/index.html", "/js/app.js") to file content.
const std::map<std::string_view, std::string_view>& embedded_assets();

}  // namespace tilestone::server
