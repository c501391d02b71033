// Running the MJCF converter as a child process: posix_spawnp with an argument vector (no shell,
// so no quoting of the model's path), its scene written to a temporary file and read back.
#include "mjcf_input.h"

#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <system_error>
#include <vector>

extern char** environ;

namespace fw::cli {
namespace {

namespace fs = std::filesystem;

// The converter script: $FW_MJCF_CONVERTER, else near the executable, else in the source tree.
std::optional<fs::path> converterScript(const char* argv0) {
  if (const char* given = std::getenv("FW_MJCF_CONVERTER")) return fs::path(given);
  std::error_code error;
  fs::path exe = fs::read_symlink("/proc/self/exe", error);
  if (error) exe = fs::absolute(argv0, error);
  std::vector<fs::path> candidates;
  if (!error) {
    const fs::path dir = exe.parent_path();
    candidates = {dir / "../scripts/mjcf-to-scene.mjs", dir / "../../scripts/mjcf-to-scene.mjs"};
  }
#ifdef FW_SOURCE_DIR
  candidates.emplace_back(fs::path(FW_SOURCE_DIR) / "scripts/mjcf-to-scene.mjs");
#endif
  for (const fs::path& candidate : candidates)
    if (fs::is_regular_file(candidate, error)) return fs::weakly_canonical(candidate, error);
  return std::nullopt;
}

}  // namespace

bool isMjcfPath(const std::string& path) {
  std::string extension = fs::path(path).extension().string();
  std::transform(extension.begin(), extension.end(), extension.begin(), [](unsigned char c) { return std::tolower(c); });
  return extension == ".xml" || extension == ".mjcf";
}

std::optional<std::string> convertMjcf(const std::string& path, const char* argv0, std::string& why) {
  const std::optional<fs::path> script = converterScript(argv0);
  if (!script) {
    why = "cannot convert the MJCF model: scripts/mjcf-to-scene.mjs was not found near fw-sim (set FW_MJCF_CONVERTER)";
    return std::nullopt;
  }
  const char* node = std::getenv("FW_NODE") ? std::getenv("FW_NODE") : "node";
  const fs::path out = fs::temp_directory_path() / ("fw-sim-mjcf-" + std::to_string(getpid()) + ".json");
  const std::string scriptText = script->string(), outText = out.string();
  std::vector<char*> args = {const_cast<char*>(node), const_cast<char*>(scriptText.c_str()), const_cast<char*>(path.c_str()),
                             const_cast<char*>("--out"), const_cast<char*>(outText.c_str()), nullptr};
  pid_t child = 0;
  if (posix_spawnp(&child, node, nullptr, nullptr, args.data(), environ) != 0) {
    why = std::string("cannot convert the MJCF model: could not run ") + node + " (Node.js is needed for MJCF; set FW_NODE)";
    return std::nullopt;
  }
  int status = 0;
  while (waitpid(child, &status, 0) == -1 && errno == EINTR) {
  }
  std::error_code error;
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
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
