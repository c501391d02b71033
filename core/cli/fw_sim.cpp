// fw-sim: runs a scene headless and writes the trajectory as CSV.
//   fw-sim SCENE.json [--duration S] [--dt S] [--integrator semi-implicit-euler|rk4|rk45]
//          [--tolerance TOL] [--dynamics aba|crba] [--csv FILE] [--every N]
// Exit status: 0 done, 2 bad scene or option, 3 the state blew up (NaN or infinity).
#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <optional>
#include <sstream>
#include <string>

#include "scene/scene_builder.h"
#include "scene/scene_parser.h"

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
};

const char* kUsage =
    "usage: fw-sim SCENE.json [--duration S] [--dt S] [--integrator semi-implicit-euler|rk4|rk45]\n"
    "              [--tolerance TOL] [--dynamics aba|crba] [--csv FILE|-] [--every N]\n";

[[noreturn]] void badOption(const std::string& message) {
  std::cerr << "fw-sim: " << message << "\n" << kUsage;
  std::exit(kBadInput);
}

double positiveNumber(const std::string& option, const std::string& text) {
  try {
    size_t used = 0;
    const double x = std::stod(text, &used);
    if (used == text.size() && std::isfinite(x) && x > 0) return x;
  } catch (const std::exception&) {
  }
  badOption(option + " expects a positive number, got \"" + text + "\"");
}

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
        badOption("--integrator must be semi-implicit-euler, rk4 or rk45, got \"" + *o.integrator + "\"");
    } else if (arg == "--tolerance") {
      o.tolerance = positiveNumber(arg, value());
    } else if (arg == "--dynamics") {
      o.dynamics = value();
      if (*o.dynamics != "aba" && *o.dynamics != "crba")
        badOption("--dynamics must be aba or crba, got \"" + *o.dynamics + "\"");
    } else if (arg == "--csv") {
      o.csvPath = value();
    } else if (arg == "--every") {
      const double n = positiveNumber(arg, value());
      if (n != std::floor(n)) badOption("--every expects a whole number");
      o.every = long(n);
    } else if (!arg.empty() && arg[0] == '-') {
      badOption("unknown option " + arg);
    } else if (o.scenePath.empty()) {
      o.scenePath = arg;
    } else {
      badOption("only one scene file, got \"" + o.scenePath + "\" and \"" + arg + "\"");
    }
  }
  if (o.scenePath.empty()) badOption("no scene file given");
  return o;
}

// CSV header: t, per joint ARTICULATION/LINK.q and .qd (multi-DoF: .q0 … and .qd0 …; quaternions
// as w, x, y, z), then the energies.
std::string csvHeader(const fw::World& world) {
  const fw::Model& m = world.model();
  std::string header = "t";
  for (int link = 0; link < m.nlinks; ++link) {
    const fw::JointModel& j = m.joints[link];
    const std::string name = world.visuals()[link].name;
    for (int k = 0; k < j.nq; ++k) header += "," + name + (j.nq == 1 ? ".q" : ".q" + std::to_string(k));
    for (int k = 0; k < j.nv; ++k) header += "," + name + (j.nv == 1 ? ".qd" : ".qd" + std::to_string(k));
  }
  return header + ",kinetic,potential,total";
}

void writeRow(std::ostream& out, fw::World& world) {
  const fw::Model& m = world.model();
  const fw::State& s = world.state();
  char buffer[40];
  auto put = [&](double x) {
    std::snprintf(buffer, sizeof buffer, "%.17g", x);
    out << buffer;
  };
  put(s.t);
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
  const Options options = parseOptions(argc, argv);

  std::ifstream file(options.scenePath);
  if (!file) {
    std::cerr << "fw-sim: cannot read " << options.scenePath << "\n";
    return kBadInput;
  }
  std::stringstream text;
  text << file.rdbuf();

  std::optional<fw::World> world;
  try {
    fw::SceneDescription scene = fw::parseScene(text.str());
    // Command-line options override the scene's own settings.
    if (options.timestep) scene.world.timestep = *options.timestep;
    if (options.integrator) scene.world.integrator = *options.integrator;
    if (options.dynamics) scene.world.dynamics = *options.dynamics;
    if (options.tolerance) scene.world.absoluteTolerance = scene.world.relativeTolerance = *options.tolerance;
    world.emplace(fw::buildWorld(scene));
  } catch (const fw::SceneError& e) {
    std::cerr << options.scenePath << ": " << e.what() << "\n";
    return kBadInput;
  }

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
  if (csv) {
    *csv << csvHeader(*world) << '\n';
    writeRow(*csv, *world);
  }

  const double dt = world->settings().timestep;
  const long steps = std::lround(options.duration / dt);
  const auto start = std::chrono::steady_clock::now();
  int status = 0;
  for (long n = 1; n <= steps; ++n) {
    world->step();
    if (const int bad = world->firstNonFiniteJoint(); bad >= 0) {
      std::cerr << "fw-sim: the state blew up at t = " << world->time() << " s: joint "
                << world->visuals()[bad].name << " is no longer finite\n";
      status = kBlewUp;
      break;
    }
    if (csv && n % options.every == 0) writeRow(*csv, *world);
  }
  const double wallMs =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  const fw::IntegratorStats& st = world->stats();
  std::cerr << "steps=" << st.steps << " derivative_evaluations=" << st.derivativeEvaluations
            << " rejected=" << st.rejected << " wall_ms=" << wallMs << "\n";
  return status;
}
