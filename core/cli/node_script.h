// fw-sim's Node scripts: the MJCF converter (cli/mjcf_input.h) and the challenge commands
// (verify, grade) are the page's own TypeScript, run by Node, so the native core stays free of
// XML and JavaScript. Scripts run as child processes from an argument vector, never a shell.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace fw::cli {

// A script of the repository (`relative`, e.g. "scripts/challenge.mjs"): $`envVariable` if set,
// else beside the executable's build tree (.., ../..), else in the source tree it was built from.
std::optional<std::filesystem::path> findScript(const std::string& relative, const char* envVariable, const char* argv0);

// Runs `node script args…` ($FW_NODE names another Node), its output going where fw-sim's goes;
// its exit status, or nullopt (and `why`) if it could not run or was killed.
std::optional<int> runNodeScript(const std::filesystem::path& script, const std::vector<std::string>& args, std::string& why);

// Whether argv[1] names a challenge command: "verify" or "grade".
bool isChallengeCommand(int argc, char** argv);

// fw-sim verify LINK … / fw-sim grade LINKS.txt …: node scripts/challenge.mjs with the same
// arguments; returns its exit status (verify: 0 the claim holds, 1 it does not, 2 a bad link),
// or 4 when the script cannot be run.
int runChallengeCommand(int argc, char** argv);

}  // namespace fw::cli
