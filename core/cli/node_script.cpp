// Running a Node script as a child process: posix_spawnp with an argument vector (no shell, so no
// quoting of paths or links), waiting for its exit status.
#include "node_script.h"

#include <spawn.h>
#include <sys/wait.h>

#include <cerrno>
#include <cstdlib>
#include <iostream>
#include <system_error>

extern char** environ;

namespace fw::cli {

namespace fs = std::filesystem;

std::optional<fs::path> findScript(const std::string& relative, const char* envVariable, const char* argv0) {
  if (const char* given = std::getenv(envVariable)) return fs::path(given);
  std::error_code error;
  fs::path exe = fs::read_symlink("/proc/self/exe", error);
  if (error) exe = fs::absolute(argv0, error);
  std::vector<fs::path> candidates;
  if (!error) {
    const fs::path dir = exe.parent_path();
    candidates = {dir / ".." / relative, dir / "../.." / relative};
  }
#ifdef FW_SOURCE_DIR
  candidates.emplace_back(fs::path(FW_SOURCE_DIR) / relative);
#endif
  for (const fs::path& candidate : candidates)
    if (fs::is_regular_file(candidate, error)) return fs::weakly_canonical(candidate, error);
  return std::nullopt;
}

std::optional<int> runNodeScript(const fs::path& script, const std::vector<std::string>& args, std::string& why) {
  const char* node = std::getenv("FW_NODE") ? std::getenv("FW_NODE") : "node";
  const std::string scriptText = script.string();
  std::vector<char*> argv = {const_cast<char*>(node), const_cast<char*>(scriptText.c_str())};
  for (const std::string& arg : args) argv.push_back(const_cast<char*>(arg.c_str()));
  argv.push_back(nullptr);
  pid_t child = 0;
  if (posix_spawnp(&child, node, nullptr, nullptr, argv.data(), environ) != 0) {
    why = std::string("could not run ") + node + " (Node.js is needed here; set FW_NODE)";
    return std::nullopt;
  }
  int status = 0;
  while (waitpid(child, &status, 0) == -1 && errno == EINTR) {
  }
  if (!WIFEXITED(status)) {
    why = std::string(node) + " " + scriptText + " was stopped by a signal";
    return std::nullopt;
  }
  return WEXITSTATUS(status);
}

bool isChallengeCommand(int argc, char** argv) {
  return argc >= 2 && (std::string(argv[1]) == "verify" || std::string(argv[1]) == "grade");
}

int runChallengeCommand(int argc, char** argv) {
  constexpr int kCannotRun = 4;
  const std::optional<fs::path> script = findScript("scripts/challenge.mjs", "FW_CHALLENGE_SCRIPT", argv[0]);
  if (!script) {
    std::cerr << "fw-sim: scripts/challenge.mjs was not found near fw-sim (set FW_CHALLENGE_SCRIPT)\n";
    return kCannotRun;
  }
  std::string why;
  const std::optional<int> status = runNodeScript(*script, std::vector<std::string>(argv + 1, argv + argc), why);
  if (!status) std::cerr << "fw-sim: " << why << "\n";
  return status.value_or(kCannotRun);
}

}  // namespace fw::cli
