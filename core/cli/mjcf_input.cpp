// Running the MJCF converter as a child process: posix_spawnp with an argument vector (no shell,
// so no quoting of the model's path), its scene written to a temporary file and read back.
#include "mjcf_input.h"

#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <system_error>
#include <vector>

#include "node_script.h"

namespace fw::cli {

namespace fs = std::filesystem;

bool isMjcfPath(const std::string& path) {
  std::string extension = fs::path(path).extension().string();
  std::transform(extension.begin(), extension.end(), extension.begin(), [](unsigned char c) { return std::tolower(c); });
  return extension == ".xml" || extension == ".mjcf";
}

std::optional<std::string> convertMjcf(const std::string& path, const char* argv0, std::string& why) {
  const std::optional<fs::path> script = findScript("scripts/mjcf-to-scene.mjs", "FW_MJCF_CONVERTER", argv0);
  if (!script) {
    why = "cannot convert the MJCF model: scripts/mjcf-to-scene.mjs was not found near fw-sim (set FW_MJCF_CONVERTER)";
    return std::nullopt;
  }
  const fs::path out = fs::temp_directory_path() / ("fw-sim-mjcf-" + std::to_string(getpid()) + ".json");
  std::string ran;
  const std::optional<int> status = runNodeScript(*script, {path, "--out", out.string()}, ran);
  std::error_code error;
  if (!status) {
    why = "cannot convert the MJCF model: " + ran;
    return std::nullopt;
  }
  if (*status != 0) {
    fs::remove(out, error);
    why = "the MJCF model was not converted (the converter's message is above)";
    return std::nullopt;
  }
  std::ifstream in(out, std::ios::binary);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  fs::remove(out, error);
  return text;
}

}  // namespace fw::cli
