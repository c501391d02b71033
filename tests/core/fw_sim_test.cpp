// fw-sim as a user runs it: exit status 0/2/3, the CSV header and rows, the stats line.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>
#include <sys/wait.h>

#include "forged_state.h"

namespace {

struct ProgramRun {
  int status;
  std::string out;  // stdout and stderr together
};

// Every child is bounded in time (coreutils' timeout ends its whole process group, Node children
// included): a run that hangs fails its test with status 124 instead of stalling the suite.
constexpr const char* kBounded = "timeout -k 10 300 ";

ProgramRun runFwSim(const std::string& arguments) {
  const std::string command = kBounded + std::string(FW_SIM_PATH) + " " + arguments + " 2>&1";
  FILE* pipe = popen(command.c_str(), "r");
  std::string out;
  char buffer[4096];
  while (size_t n = fread(buffer, 1, sizeof buffer, pipe)) out.append(buffer, n);
  const int raw = pclose(pipe);
  // Under the sanitizer build a report from the child fails the test that ran it.
  for (const char* report : {"runtime error:", "AddressSanitizer", "LeakSanitizer", "UndefinedBehaviorSanitizer"})
    if (out.find(report) != std::string::npos) ADD_FAILURE() << "sanitizer report from fw-sim " << arguments << ":\n" << out;
  return {WIFEXITED(raw) ? WEXITSTATUS(raw) : -1, out};
}

std::string scene(const std::string& name) { return std::string(FW_SCENES_DIR) + "/" + name; }

std::filesystem::path writeTemp(const std::string& name, const std::string& text) {
  const auto path = std::filesystem::temp_directory_path() / name;
  std::ofstream(path) << text;
  return path;
}

TEST(FwSim, WritesTheCsvAndStats) {
  const auto csv = std::filesystem::temp_directory_path() / "fw_sim_pendulum.csv";
  const ProgramRun run = runFwSim(scene("pendulum.json") + " --duration 0.01 --integrator rk45 --csv " + csv.string() + " --every 5");
  ASSERT_EQ(run.status, 0) << run.out;
  EXPECT_NE(run.out.find("steps=10 derivative_evaluations="), std::string::npos) << run.out;
  EXPECT_NE(run.out.find(" rejected="), std::string::npos);
  EXPECT_NE(run.out.find(" wall_ms="), std::string::npos);
  std::ifstream in(csv);
  std::string header, first, line;
  std::getline(in, header);
  EXPECT_EQ(header, "t,pendulum/rod.q,pendulum/rod.qd,kinetic,potential,total");
  std::getline(in, first);
  EXPECT_EQ(first.rfind("0,1,0,0,9.41463437943354", 0), 0u) << first;  // 17 significant digits
  int rows = 1;
  while (std::getline(in, line)) ++rows;
  EXPECT_EQ(rows, 3);  // t = 0, then every 5 of 10 steps
}

TEST(FwSim, QuaternionJointsGiveNumberedColumns) {
  const std::string text = R"({"format": "featherweight-scene", "version": 1,
    "bodies": [{"name": "top", "shapes": [{"type": "box", "size": [0.1, 0.2, 0.3]}]}]})";
  const ProgramRun run = runFwSim(writeTemp("fw_sim_top.json", text).string() + " --duration 0.001 --dt 0.001 --csv -");
  ASSERT_EQ(run.status, 0) << run.out;
  EXPECT_NE(run.out.find("t,top.q0,top.q1,top.q2,top.q3,top.q4,top.q5,top.q6,top.qd0,"), std::string::npos) << run.out;
}

TEST(FwSim, BadSceneExitsWithTwoAndTheJsonPath) {
  const std::string text = R"({"format": "featherweight-scene", "version": 1, "articulations": [{"name": "a",
    "links": [{"name": "l", "joint": {"type": "revolute", "axis": [0, 1]}, "inertial": {"mass": 1}}]}]})";
  const ProgramRun run = runFwSim(writeTemp("fw_sim_bad.json", text).string());
  EXPECT_EQ(run.status, 2);
  EXPECT_NE(run.out.find("/articulations/0/links/0/joint/axis: expected 3 numbers, got 2"), std::string::npos) << run.out;
}

// A MuJoCo model runs through the page's converter (Node), its includes read beside it.
TEST(FwSim, RunsAMujocoModelWithItsIncludes) {
  const std::string model = std::string(FW_SCENES_DIR) + "/../models/dm_control/pendulum.xml";
  const ProgramRun run = runFwSim(model + " --duration 0.1 --csv -");
  ASSERT_EQ(run.status, 0) << run.out;
  EXPECT_NE(run.out.find("t,pole/pole.q,pole/pole.qd,"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("steps=5 "), std::string::npos) << run.out;  // the model's own 0.02 s step
}

TEST(FwSim, MujocoModelWithAMissingIncludeExitsWithTwoNamingIt) {
  std::ifstream in(std::string(FW_SCENES_DIR) + "/../models/dm_control/pendulum.xml");
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const ProgramRun run = runFwSim(writeTemp("fw_sim_lonely_pendulum.xml", text).string());
  EXPECT_EQ(run.status, 2);
  EXPECT_NE(run.out.find(R"(<include file="./common/visual.xml">: no such file among the model's files)"), std::string::npos) << run.out;
}

TEST(FwSim, BadOptionsExitWithTwo) {
  EXPECT_EQ(runFwSim(scene("pendulum.json") + " --integrator verlet").status, 2);
  EXPECT_EQ(runFwSim(scene("pendulum.json") + " --dt -1").status, 2);
  EXPECT_EQ(runFwSim("/nonexistent/scene.json").status, 2);
  EXPECT_EQ(runFwSim("").status, 2);
}

TEST(FwSim, BlowUpExitsWithThreeNamingTimeAndJoint) {
  // A stiff spring far beyond what explicit Euler at this step can hold: the state diverges.
  const std::string text = R"({"format": "featherweight-scene", "version": 1,
    "world": {"timestep": 0.01, "gravity": [0, 0, 0]},
    "articulations": [{"name": "spring", "links": [{"name": "slider",
      "joint": {"type": "prismatic", "axis": [1, 0, 0], "position": 0.1, "spring": {"stiffness": 1e12}},
      "inertial": {"mass": 1}}]}]})";
  const ProgramRun run = runFwSim(writeTemp("fw_sim_blowup.json", text).string() + " --duration 10");
  EXPECT_EQ(run.status, 3) << run.out;
  EXPECT_NE(run.out.find("blew up at t = "), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("joint spring/slider"), std::string::npos) << run.out;
}

TEST(FwSim, OptionsOverrideTheScene) {
  const ProgramRun euler = runFwSim(scene("pendulum.json") + " --duration 0.1 --dt 0.01 --integrator semi-implicit-euler --csv -");
  const ProgramRun rk4 = runFwSim(scene("pendulum.json") + " --duration 0.1 --dt 0.01 --integrator rk4 --csv -");
  ASSERT_EQ(euler.status, 0);
  EXPECT_NE(euler.out.find("steps=10 derivative_evaluations=10 "), std::string::npos) << euler.out;
  EXPECT_NE(rk4.out.find("steps=10 derivative_evaluations=40 "), std::string::npos) << rk4.out;
}

}  // namespace

namespace {

std::vector<std::string> csvLines(const std::string& out) {
  std::vector<std::string> lines;
  std::stringstream in(out);
  for (std::string line; std::getline(in, line);)
    if (!line.empty() && line.rfind("steps=", 0) != 0) lines.push_back(line);
  return lines;
}

TEST(FwSim, IntegratorOptionSelectsTheSteppingAsTheSceneFieldDoes) {
  // A realtime scene run with rk4 steps accurately (it used to give a byte-identical CSV).
  const ProgramRun realtime = runFwSim(scene("table-toys.json") + " --duration 0.5 --csv -");
  const ProgramRun accurate = runFwSim(scene("table-toys.json") + " --duration 0.5 --csv - --integrator rk4");
  ASSERT_EQ(realtime.status, 0) << realtime.out;
  ASSERT_EQ(accurate.status, 0) << accurate.out;
  EXPECT_NE(csvLines(realtime.out).back(), csvLines(accurate.out).back());
  // An accurate scene run with semi-implicit Euler steps in realtime: it used to run a refused
  // combination and gain energy (19.6 J → 471 J for the tilted cube).
  const ProgramRun euler = runFwSim(scene("tilted-cube-drop.json") + " --duration 2 --csv - --integrator semi-implicit-euler");
  ASSERT_EQ(euler.status, 0) << euler.out;
  const std::string last = csvLines(euler.out).back();
  const double total = std::stod(last.substr(last.rfind(',') + 1));
  EXPECT_LT(total, 20.0) << last;
  // A scene that needs realtime stepping is refused with the reason under rk4.
  const ProgramRun refused = runFwSim(scene("four-bar.json") + " --duration 0.1 --integrator rk4");
  EXPECT_EQ(refused.status, 2) << refused.out;
  EXPECT_NE(refused.out.find("in accurate stepping"), std::string::npos) << refused.out;
}

TEST(FwSim, RunsEndExactlyAtTheDurationWithExactTimes) {
  const ProgramRun shortRun = runFwSim(scene("pendulum.json") + " --duration 0.1 --dt 0.03");
  EXPECT_EQ(shortRun.status, 2);
  EXPECT_NE(shortRun.out.find("not a whole number of time steps"), std::string::npos) << shortRun.out;
  EXPECT_EQ(runFwSim(scene("pendulum.json") + " --duration 0.1 --dt 0.3").status, 2);
  // t is n·dt: ten seconds at 1 ms end at exactly 10, not 10.000000000000153.
  const ProgramRun run = runFwSim(scene("pendulum.json") + " --duration 10 --every 1000 --csv -");
  ASSERT_EQ(run.status, 0) << run.out;
  EXPECT_EQ(csvLines(run.out).back().rfind("10,", 0), 0u) << csvLines(run.out).back();
  // --every keeps the final state when it does not divide the step count: 0, 3, 6, 9, 10.
  const ProgramRun every = runFwSim(scene("pendulum.json") + " --duration 0.01 --every 3 --csv -");
  const auto lines = csvLines(every.out);
  ASSERT_EQ(lines.size(), 6u) << every.out;  // header + 5 rows
  EXPECT_EQ(lines.back().rfind("0.01,", 0), 0u) << lines.back();
}

TEST(FwSim, OptionNumbersAreValidatedLikeSceneNumbers) {
  for (const char* options : {" --every 1e19", " --duration 1e19", " --dt 1e-9", " --tolerance 1e-30 --integrator rk45",
                              " --duration nan", " --every 2.5", " --duration 1e11"}) {
    const ProgramRun run = runFwSim(scene("pendulum.json") + options);
    EXPECT_EQ(run.status, 2) << options << "\n" << run.out;
  }
}

TEST(FwSim, CsvHeaderQuotesNamesWithCommasAndQuotes) {
  const std::string text = R"({"format": "featherweight-scene", "version": 1, "articulations": [{"name": "a,\"b\"",
    "links": [{"name": "l", "joint": {"type": "revolute", "axis": [0, 1, 0]}, "inertial": {"mass": 1, "com": [0, 0, -1]}}]}]})";
  const ProgramRun run = runFwSim(writeTemp("fw_sim_comma.json", text).string() + " --duration 0.001 --dt 0.001 --csv -");
  ASSERT_EQ(run.status, 0) << run.out;
  EXPECT_EQ(csvLines(run.out)[0], "t,\"a,\"\"b\"\"/l.q\",\"a,\"\"b\"\"/l.qd\",kinetic,potential,total");
}

TEST(FwSim, EveryReproducerExitsTwoWithAMessage) {
  const std::string base = R"({"format": "featherweight-scene", "version": 1, "world": WORLD, "articulations": [{"name": "p",
    "links": [{"name": "rod", "joint": {"type": "revolute", "axis": [0, 1, 0], "position": 1}, "inertial": {"mass": 1, "com": [0, 0, -1]}}]}] BODIES})";
  auto make = [&](const std::string& world, const std::string& bodies) {
    std::string t = base;
    t.replace(t.find("WORLD"), 5, world);
    t.replace(t.find("BODIES"), 6, bodies);
    return t;
  };
  const std::string hull = R"(, "bodies": [{"name": "h", "shapes": [{"type": "convex", "points": [[0,0,0],[1,0,0],[0,1,0],[0,0,1],[1e308,1e308,1e308]]}]}])";
  const std::vector<std::pair<std::string, std::string>> cases = {
      {make("{}", hull), "/bodies/0/shapes/0/points/4/0: "},
      {make(R"({"gravity": [0, 0, -1e999]})", ""), "/: not valid JSON at line 1"},
      {make(R"({"gravity": [0, 0, -1e200], "integrator": "rk45"})", ""), "/world/gravity/2: "},
      {make(R"({"timestep": 1e-9})", ""), "/world/timestep: "},
      {make(R"({"integrator": "rk45", "tolerance": {"absolute": 1e-30, "relative": 1e-30}})", ""), "/world/tolerance/absolute: "},
  };
  int k = 0;
  for (const auto& [text, expected] : cases) {
    const ProgramRun run = runFwSim(writeTemp("fw_sim_repro" + std::to_string(k++) + ".json", text).string() + " --duration 0.1");
    EXPECT_EQ(run.status, 2) << run.out;
    EXPECT_NE(run.out.find(expected), std::string::npos) << expected << "\n" << run.out;
  }
}


std::string lastLine(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::string line, last;
  while (std::getline(in, line)) last = line;
  return last;
}

// Everything after t: the run's state and energies, to 17 digits.
std::string afterTime(const std::string& row) { return row.substr(row.find(',')); }

TEST(FwSim, SaveStateThenLoadStateContinuesBitwise) {
  const auto dir = std::filesystem::temp_directory_path();
  const auto state = dir / "fw_sim_state.bin", whole = dir / "fw_sim_whole.csv", resumed = dir / "fw_sim_resumed.csv";
  const std::string pendulum = scene("double-pendulum.json");
  ASSERT_EQ(runFwSim(pendulum + " --duration 2 --csv " + whole.string()).status, 0);
  const ProgramRun first = runFwSim(pendulum + " --duration 1 --save-state " + state.string());
  ASSERT_EQ(first.status, 0) << first.out;
  const ProgramRun second = runFwSim(pendulum + " --duration 1 --load-state " + state.string() + " --csv " + resumed.string());
  ASSERT_EQ(second.status, 0) << second.out;
  EXPECT_EQ(afterTime(lastLine(resumed)), afterTime(lastLine(whole)));
  EXPECT_EQ(lastLine(resumed).rfind("2,", 0), 0u) << "t counts on from the saved time: " << lastLine(resumed);

  const ProgramRun foreign = runFwSim(scene("pendulum.json") + " --duration 1 --load-state " + state.string());
  EXPECT_EQ(foreign.status, 2);
  EXPECT_NE(foreign.out.find("another scene"), std::string::npos) << foreign.out;
  const ProgramRun otherStep = runFwSim(pendulum + " --dt 0.002 --duration 1 --load-state " + state.string());
  EXPECT_EQ(otherStep.status, 2) << "another time step is another scene: " << otherStep.out;
}

std::vector<uint8_t> readBytes(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void writeBytes(const std::filesystem::path& path, const std::vector<uint8_t>& bytes) {
  std::ofstream(path, std::ios::binary).write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
}

// A directory aborted fw-sim on an uncaught exception; /dev/zero was read without end.
TEST(FwSim, LoadStateTakesOnlyARegularFileWithinItsLimit) {
  const std::string pendulum = scene("pendulum.json") + " --duration 0.01";
  const auto dir = std::filesystem::temp_directory_path() / "fw_sim_state_dir";
  std::filesystem::create_directories(dir);
  for (const std::string& path : {dir.string(), std::string("/dev/zero"), std::string("/dev/null")}) {
    const ProgramRun run = runFwSim(pendulum + " --load-state " + path);
    EXPECT_EQ(run.status, 2) << path << ": " << run.out;
    EXPECT_NE(run.out.find("fw-sim: --load-state: \"" + path + "\" is not a regular file"), std::string::npos) << run.out;
  }
  const auto big = std::filesystem::temp_directory_path() / "fw_sim_big_state.bin";
  { std::ofstream create(big); }
  std::filesystem::resize_file(big, (64u << 20) + 1);
  const ProgramRun run = runFwSim(pendulum + " --load-state " + big.string());
  EXPECT_EQ(run.status, 2);
  EXPECT_NE(run.out.find("is larger than 64 MiB"), std::string::npos) << run.out;
  std::filesystem::remove(big);
  // The scene file likewise.
  EXPECT_EQ(runFwSim("/dev/zero --duration 0.01").status, 2);
  EXPECT_NE(runFwSim(dir.string()).out.find("is not a regular file"), std::string::npos);
}

// A forged stop message carried escape sequences and line breaks to the terminal; a forged time
// of 1e308 ran and wrote t=inf.
TEST(FwSim, ForgedStatesAreRefusedOrPrintedEscaped) {
  const auto dir = std::filesystem::temp_directory_path();
  const auto saved = dir / "fw_sim_forge_base.bin", forgedPath = dir / "fw_sim_forged.bin";
  const std::string pendulum = scene("pendulum.json");
  ASSERT_EQ(runFwSim(pendulum + " --duration 0.01 --save-state " + saved.string()).status, 0);
  const std::vector<uint8_t> blob = readBytes(saved);

  writeBytes(forgedPath, fw::forged::withStepError(blob, "stopped\x1b[2J\x1b]0;owned\x07\r\nfw-sim: all is well\xc2\x9b" "31m\xe2\x80\xae"));
  const ProgramRun escaped = runFwSim(pendulum + " --duration 0.01 --load-state " + forgedPath.string());
  EXPECT_EQ(escaped.status, 3) << escaped.out;
  EXPECT_NE(escaped.out.find("stopped\\u001B[2J\\u001B]0;owned\\u0007\\u000D\\u000Afw-sim: all is well\\u009B31m\\u202E"), std::string::npos)
      << escaped.out;
  for (const char raw : {'\x1b', '\x07', '\r'}) EXPECT_EQ(escaped.out.find(raw), std::string::npos) << int(raw);

  writeBytes(forgedPath, fw::forged::withStepError(blob, std::string(1 << 20, 'x')));
  const ProgramRun huge = runFwSim(pendulum + " --duration 0.01 --load-state " + forgedPath.string());
  EXPECT_EQ(huge.status, 2);
  EXPECT_LT(huge.out.size(), 4000u);

  writeBytes(forgedPath, fw::forged::withTime(blob, 1e308));
  const ProgramRun far = runFwSim(pendulum + " --duration 0.01 --csv - --load-state " + forgedPath.string());
  EXPECT_EQ(far.status, 2);
  EXPECT_NE(far.out.find("its time is not between 0 and 1e12 s"), std::string::npos) << far.out;
  EXPECT_EQ(far.out.find("inf"), std::string::npos) << far.out;

  writeBytes(forgedPath, fw::forged::withTime(blob, 1e12 - 0.5));
  const ProgramRun pastEnd = runFwSim(pendulum + " --duration 1 --load-state " + forgedPath.string());
  EXPECT_EQ(pastEnd.status, 2);
  EXPECT_NE(pastEnd.out.find("past t = 1e12 s"), std::string::npos) << pastEnd.out;
}

// fw-sim verify: a result link of the cart-pole challenge re-run by node scripts/challenge.mjs
// (the engine's wasm build is needed): 0 the claim holds, 1 it does not, 2 a bad link.
std::string shellQuoted(const std::string& text) {
  std::string quoted = "'";
  for (const char c : text) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

std::string makeLink(const std::string& controller, const std::string& extra) {
  const std::string script = std::string(FW_SCENES_DIR) + "/../../scripts/challenge.mjs";
  const std::string command = kBounded + std::string("node ") + script + " link " + scene("challenge-cart-pole-balance.json") + " --controller " +
                              writeTemp("fw_sim_controller.js", controller).string() + " " + extra + " 2>/dev/null";
  FILE* pipe = popen(command.c_str(), "r");
  std::string out;
  char buffer[4096];
  while (size_t n = fread(buffer, 1, sizeof buffer, pipe)) out.append(buffer, n);
  pclose(pipe);
  while (!out.empty() && (out.back() == '\n' || out.back() == '\r')) out.pop_back();
  return out;
}

TEST(FwSim, VerifyExitsZeroWhenTheClaimHoldsOneWhenNotTwoForABadLink) {
  ASSERT_TRUE(std::filesystem::exists(std::string(FW_SCENES_DIR) + "/../../build/wasm/dist/featherweight.wasm")) << "build the wasm first";
  const std::string lqr =
      "let K = null;\n"
      "export function control(ctx) {\n"
      "  if (K === null) {\n"
      "    const { A, B } = ctx.design.linearize(['cart-pole/cart'], { q: [0, 0], qd: [0, 0] });\n"
      "    K = ctx.design.lqr(A, B, [[1,0,0,0],[0,50,0,0],[0,0,1,0],[0,0,0,5]], [[0.1]]).K[0];\n"
      "  }\n"
      "  const u = -(K[0] * ctx.q[0] + K[1] * ctx.q[1] + K[2] * ctx.qd[0] + K[3] * ctx.qd[1]);\n"
      "  ctx.setEffort('cart-pole/cart', Math.max(-20, Math.min(20, u)));\n"
      "}\n";
  const std::string good = makeLink(lqr, "--label 'Ada'");
  ASSERT_EQ(good.rfind("#result=1.", 0), 0u) << good;
  const ProgramRun holds = runFwSim("verify " + shellQuoted(good));
  EXPECT_EQ(holds.status, 0) << holds.out;
  EXPECT_NE(holds.out.find("holds: The claim holds: success"), std::string::npos) << holds.out;

  const ProgramRun edited = runFwSim("verify " + shellQuoted(makeLink(lqr, "--claim-score 3")));
  EXPECT_EQ(edited.status, 1) << edited.out;
  EXPECT_NE(edited.out.find("it says success, score 3;"), std::string::npos) << edited.out;

  const std::string network = "export function control(ctx) { if (ctx.t > 1) fetch('http://127.0.0.1:9/'); }\n";
  const ProgramRun reached = runFwSim("verify " + shellQuoted(makeLink(network, "--claim-status success --claim-score 10")));
  EXPECT_EQ(reached.status, 1) << reached.out;
  EXPECT_NE(reached.out.find("the controller failed at t = 1.0100 s: it reached for fetch"), std::string::npos) << reached.out;

  std::string damaged = good;
  damaged[damaged.size() / 2] = damaged[damaged.size() / 2] == 'A' ? 'B' : 'A';
  EXPECT_EQ(runFwSim("verify " + shellQuoted(damaged)).status, 2);
  EXPECT_EQ(runFwSim("verify 'not a link'").status, 2);
  EXPECT_EQ(runFwSim("verify " + shellQuoted(good) + " --challenges " + shellQuoted(std::string(FW_SCENES_DIR) + "/../models")).status, 2);
}

}  // namespace
