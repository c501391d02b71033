// fw-sim: runs a scene headless and writes the trajectory as CSV.
//   fw-sim SCENE.json [--duration S] [--dt S] [--integrator semi-implicit-euler|rk4|rk45]
//          [--tolerance TOL] [--dynamics aba|crba] [--csv FILE] [--every N]
//          [--load-state FILE] [--save-state FILE]
// SCENE may be a MuJoCo model (.xml, .mjcf): Node converts it first (cli/mjcf_input.h).
//   fw-sim verify LINK [--challenges DIR]       a challenge result's claim re-run (exit 0 holds, 1 not, 2 bad link)
//   fw-sim grade LINKS.txt [--jobs N] [--shard i/n] [--out RESULTS.csv] [--challenges DIR]
// run node scripts/challenge.mjs (cli/node_script.h; docs/grading.md).
// Exit status: 0 done, 2 bad scene or option, 3 the world stopped: the state blew up (NaN or
// infinity in a state, pose or speed) or RK45 could not advance.
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>
#include <string>

#include "mjcf_input.h"
#include "node_script.h"
#include "scene/json_cursor.h"
#include "scene/scene_builder.h"
#include "scene/scene_parser.h"
#include "world/state_bytes.h"

namespace {

constexpr int kBadInput = 2;
constexpr int kBlewUp = 3;

struct Options {
  std::string scenePath;
  double duration = 10;
  std::optional<double> timestep;
  std::optional<std::string> integrator, dynamics;
  std::optional<double> tolerance;
  std::string csvPath;  // "" = none, "-" = stdout
  long every = 1;
  std::string loadStatePath, saveStatePath;  // "" = none
};

const char* kUsage =
    "usage: fw-sim SCENE.json|MODEL.xml [--duration S] [--dt S] [--integrator semi-implicit-euler|rk4|rk45]\n"
    "              [--tolerance TOL] [--dynamics aba|crba] [--csv FILE|-] [--every N]\n"
    "              [--load-state FILE] [--save-state FILE]\n"
    "       fw-sim verify LINK [--challenges DIR]\n"
    "       fw-sim grade LINKS.txt [--jobs N] [--shard i/n] [--out RESULTS.csv] [--challenges DIR]\n"
    "  Challenge results are verified and graded by node scripts/challenge.mjs (docs/grading.md).\n"
    "  A MuJoCo model (.xml, .mjcf) is converted by node scripts/mjcf-to-scene.mjs (Node needed).\n"
    "  --integrator also chooses the stepping: semi-implicit-euler realtime, rk4/rk45 accurate.\n"
    "  The duration must be a whole number of time steps (1e-6 to 0.1 s). RK45's largest substep\n"
    "  is the time step: a tolerance changes results only where substeps must be shorter.\n"
    "  CSV: t (n*dt), per joint .q/.qd (ball and free joints: velocities in the body frame, a free\n"
    "  joint's angular velocity first), kinetic, potential, total energy (J).\n"
    "  --load-state starts from a state saved by --save-state (or the page) for the same scene and\n"
    "  settings; t then counts on from its time. --save-state writes the state at the end.\n";

[[noreturn]] void badOption(const std::string& message) {
  std::cerr << "fw-sim: " << message << "\n" << kUsage;
  std::exit(kBadInput);
}

double positiveNumber(const std::string& option, const std::string& text) {
  try {
    size_t used = 0;
    const double x = std::stod(text, &used);
    if (used == text.size() && std::isfinite(x) && x > 0 && x <= fw::kMaxSceneNumber) return x;
  } catch (const std::exception&) {
  }
  badOption(option + " expects a positive number up to 1e15, got " + fw::quoteInput(text));
}

// Files fw-sim reads: a regular file (not a directory, a device or a pipe) of at most this size.
constexpr std::uintmax_t kMaxInputFileBytes = 64u << 20;

// The file's bytes, or a message saying why not.
std::optional<std::string> readInputFile(const std::string& path, std::string& why) {
  std::error_code error;
  const auto status = std::filesystem::status(path, error);
  if (error || !std::filesystem::exists(status)) {
    why = "cannot read " + fw::quoteInput(path, 200) + ": no such file";
    return std::nullopt;
  }
  if (!std::filesystem::is_regular_file(status)) {
    why = fw::quoteInput(path, 200) + " is not a regular file";
    return std::nullopt;
  }
  const std::uintmax_t size = std::filesystem::file_size(path, error);
  if (error || size > kMaxInputFileBytes) {
    why = fw::quoteInput(path, 200) + " is larger than " + std::to_string(kMaxInputFileBytes >> 20) + " MiB";
    return std::nullopt;
  }
  std::ifstream in(path, std::ios::binary);
  std::string bytes(size_t(kMaxInputFileBytes) + 1, '\0');
  in.read(bytes.data(), std::streamsize(bytes.size()));  // bounded even if the file grew since
  bytes.resize(size_t(in.gcount()));
  if (in.bad() || bytes.size() > kMaxInputFileBytes) {
    why = "cannot read " + fw::quoteInput(path, 200);
    return std::nullopt;
  }
  return bytes;
}

// The UTF-8 bytes after E2 of U+200E/F, U+202A–E and U+2066–9.
bool bidiControl(unsigned b1, unsigned b2) {
  return (b1 == 0x80 && (b2 == 0x8E || b2 == 0x8F || (b2 >= 0xAA && b2 <= 0xAE))) || (b1 == 0x81 && b2 >= 0xA6 && b2 <= 0xA9);
}

// Text from a file (a world's message holds names from the scene) made safe for a terminal:
// C0 and C1 control characters, DEL and bidirectional formatting escaped; line breaks too.
std::string terminalSafe(const std::string& text) {
  std::string out;
  char escaped[16];
  for (size_t i = 0; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    const auto next = i + 1 < text.size() ? static_cast<unsigned char>(text[i + 1]) : 0u;
    if (c == 0xC2 && next >= 0x80 && next <= 0x9F) {  // U+0080–U+009F (CSI is U+009B)
      std::snprintf(escaped, sizeof escaped, "\\u%04X", unsigned(next));
      out += escaped;
      ++i;
    } else if (c < 0x20 || c == 0x7F) {
      std::snprintf(escaped, sizeof escaped, "\\u%04X", unsigned(c));
      out += escaped;
    } else if (c == 0xE2 && i + 2 < text.size() && bidiControl(next, static_cast<unsigned char>(text[i + 2]))) {
      std::snprintf(escaped, sizeof escaped, "\\u%04X", 0x2000u + ((next & 0x3Fu) << 6) + (text[i + 2] & 0x3Fu));
      out += escaped;
      i += 2;
    } else {
      out += char(c);
    }
  }
  return out;
}

// The most steps one run may take (about a day of wall time at the fastest step).
constexpr long kMaxSteps = 1'000'000'000'000;

Options parseOptions(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) badOption(arg + " needs a value");
      return argv[++i];
    };
    if (arg == "--help" || arg == "-h") {
      std::cout << kUsage;
      std::exit(0);
    } else if (arg == "--duration") {
      o.duration = positiveNumber(arg, value());
    } else if (arg == "--dt") {
      o.timestep = positiveNumber(arg, value());
    } else if (arg == "--integrator") {
      o.integrator = value();
      if (*o.integrator != "semi-implicit-euler" && *o.integrator != "rk4" && *o.integrator != "rk45")
        badOption("--integrator must be semi-implicit-euler, rk4 or rk45, got " + fw::quoteInput(*o.integrator));
    } else if (arg == "--tolerance") {
      o.tolerance = positiveNumber(arg, value());
    } else if (arg == "--dynamics") {
      o.dynamics = value();
      if (*o.dynamics != "aba" && *o.dynamics != "crba")
        badOption("--dynamics must be aba or crba, got " + fw::quoteInput(*o.dynamics));
    } else if (arg == "--csv") {
      o.csvPath = value();
    } else if (arg == "--every") {
      const double n = positiveNumber(arg, value());
      if (n != std::floor(n)) badOption("--every expects a whole number");
      o.every = long(n);  // ≤ 1e15: positiveNumber's bound
    } else if (arg == "--load-state") {
      o.loadStatePath = value();
    } else if (arg == "--save-state") {
      o.saveStatePath = value();
    } else if (!arg.empty() && arg[0] == '-') {
      badOption("unknown option " + fw::quoteInput(arg));
    } else if (o.scenePath.empty()) {
      o.scenePath = arg;
    } else {
      badOption("only one scene file, got " + fw::quoteInput(o.scenePath) + " and " + fw::quoteInput(arg));
    }
  }
  if (o.scenePath.empty()) badOption("no scene file given");
  return o;
}

// CSV header: t, per joint ARTICULATION/LINK.q and .qd (multi-DoF: .q0 … and .qd0 …; quaternions
// as w, x, y, z), then the energies.
// A CSV field (RFC 4180): quoted, with quotes doubled, when it holds a comma, quote or line break.
std::string csvField(const std::string& text) {
  if (text.find_first_of(",\"\r\n") == std::string::npos) return text;
  std::string out = "\"";
  for (char c : text) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

std::string csvHeader(const fw::World& world) {
  const fw::Model& m = world.model();
  std::string header = "t";
  for (int link = 0; link < m.nlinks; ++link) {
    const fw::JointModel& j = m.joints[link];
    const std::string name = world.visuals()[link].name;
    for (int k = 0; k < j.nq; ++k) header += "," + csvField(name + (j.nq == 1 ? ".q" : ".q" + std::to_string(k)));
    for (int k = 0; k < j.nv; ++k) header += "," + csvField(name + (j.nv == 1 ? ".qd" : ".qd" + std::to_string(k)));
  }
  return header + ",kinetic,potential,total";
}

// t is written as n·dt: the world's own clock adds dt each step and drifts by rounding.
void writeRow(std::ostream& out, fw::World& world, double t) {
  const fw::Model& m = world.model();
  const fw::State& s = world.state();
  char buffer[40];
  auto put = [&](double x) {
    std::snprintf(buffer, sizeof buffer, "%.17g", x);
    out << buffer;
  };
  put(t);
  for (int link = 0; link < m.nlinks; ++link) {
    const fw::JointModel& j = m.joints[link];
    for (int k = 0; k < j.nq; ++k) out << ',', put(s.q[j.idx_q + k]);
    for (int k = 0; k < j.nv; ++k) out << ',', put(s.v[j.idx_v + k]);
  }
  const double kinetic = world.kineticEnergy(), potential = world.potentialEnergy();
  out << ',', put(kinetic);
  out << ',', put(potential);
  out << ',', put(kinetic + potential);
  out << '\n';
}

}  // namespace

int main(int argc, char** argv) {
  // fw-sim verify LINK / fw-sim grade LINKS.txt: the challenge commands, run by Node.
  if (fw::cli::isChallengeCommand(argc, argv)) return fw::cli::runChallengeCommand(argc, argv);
  const Options options = parseOptions(argc, argv);

  std::string why;
  // A MuJoCo model (.xml, .mjcf) is converted to a scene first, by the page's converter.
  const std::optional<std::string> text = fw::cli::isMjcfPath(options.scenePath) && readInputFile(options.scenePath, why)
                                              ? fw::cli::convertMjcf(options.scenePath, argv[0], why)
                                              : readInputFile(options.scenePath, why);
  if (!text) {
    std::cerr << "fw-sim: " << why << "\n";
    return kBadInput;
  }

  std::optional<fw::World> world;
  try {
    fw::SceneDescription scene = fw::parseScene(*text);
    // Command-line options override the scene's own settings.
    if (options.timestep) {
      if (*options.timestep < fw::kMinTimestep || *options.timestep > fw::kMaxTimestep)
        badOption("--dt must lie between 1e-6 s and 0.1 s");
      scene.world.timestep = *options.timestep;
    }
    // The integrator chooses the stepping as the scene's own field does (semi-implicit Euler:
    // realtime; rk4, rk45: accurate); the builder then refuses what that stepping cannot run.
    if (options.integrator) {
      scene.world.integrator = *options.integrator;
      scene.world.stepping = *options.integrator == "semi-implicit-euler" ? "realtime" : "accurate";
    }
    if (options.dynamics) scene.world.dynamics = *options.dynamics;
    if (options.tolerance) scene.world.absoluteTolerance = scene.world.relativeTolerance = *options.tolerance;
    world.emplace(fw::buildWorld(scene));
  } catch (const fw::SceneError& e) {
    std::cerr << options.scenePath << ": " << e.what() << "\n";
    return kBadInput;
  } catch (const std::exception& e) {  // the loader turns every failure into a SceneError; a last resort
    std::cerr << options.scenePath << ": the scene could not be loaded: " << e.what() << "\n";
    return kBadInput;
  }
  if (options.tolerance && *options.tolerance < fw::kMinTolerance) {
    std::cerr << "fw-sim: --tolerance below 1e-14 cannot be met in double precision\n";
    return kBadInput;
  }

  if (!options.loadStatePath.empty()) {
    const std::optional<std::string> bytes = readInputFile(options.loadStatePath, why);
    if (!bytes) {
      std::cerr << "fw-sim: --load-state: " << why << "\n";
      return kBadInput;
    }
    const std::vector<uint8_t> blob(bytes->begin(), bytes->end());
    if (const std::string refused = world->restoreState(blob); !refused.empty()) {
      std::cerr << "fw-sim: " << fw::quoteInput(options.loadStatePath, 200) << ": " << refused << "\n";
      return kBadInput;
    }
  }
  // A loaded state's time is a whole number of steps (as the page and fw-sim step): t goes on as n·dt.
  const double startStep = std::round(world->time() / world->settings().timestep);

  std::ofstream csvFile;
  std::ostream* csv = nullptr;
  if (options.csvPath == "-") {
    csv = &std::cout;
  } else if (!options.csvPath.empty()) {
    csvFile.open(options.csvPath);
    if (!csvFile) {
      std::cerr << "fw-sim: cannot write " << options.csvPath << "\n";
      return kBadInput;
    }
    csv = &csvFile;
  }
  // The run ends exactly at the duration: it must be a whole number of time steps.
  const double dt = world->settings().timestep;
  const double stepCount = options.duration / dt;
  if (stepCount > double(kMaxSteps)) {
    std::cerr << "fw-sim: --duration " << options.duration << " s at dt = " << dt << " s is more than 1e12 steps\n";
    return kBadInput;
  }
  if (world->time() + options.duration > fw::kMaxStateTime) {
    std::cerr << "fw-sim: the run would end past t = 1e12 s, the latest time a world state holds\n";
    return kBadInput;
  }
  const long steps = std::lround(stepCount);
  if (steps < 1 || std::abs(stepCount - double(steps)) > 1e-9 * stepCount) {
    std::cerr << "fw-sim: the duration " << options.duration << " s is not a whole number of time steps of " << dt
              << " s (choose --duration or --dt so that it is)\n";
    return kBadInput;
  }
  if (csv) {
    *csv << csvHeader(*world) << '\n';
    writeRow(*csv, *world, world->time());
  }

  const auto start = std::chrono::steady_clock::now();
  int status = 0;
  for (long n = 1; n <= steps; ++n) {
    world->step();
    if (!world->stepError().empty()) {
      std::cerr << "fw-sim: " << terminalSafe(world->stepError()) << "\n";
      status = kBlewUp;
      break;
    }
    if (csv && (n % options.every == 0 || n == steps)) writeRow(*csv, *world, (startStep + double(n)) * dt);  // the final state always
  }
  const double wallMs =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  const fw::IntegratorStats& st = world->stats();
  std::cerr << "steps=" << st.steps << " derivative_evaluations=" << st.derivativeEvaluations
            << " rejected=" << st.rejected << " events=" << world->stepStats().events
            << " unlocated_events=" << world->stepStats().unlocatedEvents << " wall_ms=" << wallMs << "\n";
  if (!options.saveStatePath.empty()) {
    const std::vector<uint8_t> blob = world->saveState();
    std::ofstream stateFile(options.saveStatePath, std::ios::binary);
    stateFile.write(reinterpret_cast<const char*>(blob.data()), std::streamsize(blob.size()));
    if (!stateFile) {
      std::cerr << "fw-sim: cannot write " << options.saveStatePath << "\n";
      return kBadInput;
    }
  }
  return status;
}
