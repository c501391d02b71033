// fw-sim's MuJoCo input: a .xml or .mjcf model is converted by the page's own converter, run by
// Node (scripts/mjcf-to-scene.mjs), so there is one MJCF converter and the native core stays
// free of XML.
#pragma once

#include <optional>
#include <string>

namespace fw::cli {

// Whether fw-sim reads `path` as an MJCF model (by its extension: .xml or .mjcf).
bool isMjcfPath(const std::string& path);

// The scene JSON of the MJCF model at `path`: runs `node scripts/mjcf-to-scene.mjs` (the
// converter's notes and errors go to stderr). The script is looked for beside the executable's
// build tree (../scripts, ../../scripts) and then in the source tree it was built from;
// FW_MJCF_CONVERTER names another script and FW_NODE another Node. On failure, `why` says why.
std::optional<std::string> convertMjcf(const std::string& path, const char* argv0, std::string& why);

}  // namespace fw::cli
