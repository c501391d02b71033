// fw-sim as a user runs it: exit status 0/2/3, the CSV header and rows, the stats line.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <sys/wait.h>

namespace {

struct ProgramRun {
  int status;
  std::string out;  // stdout and stderr together
};

ProgramRun runFwSim(const std::string& arguments) {
  const std::string command = std::string(FW_SIM_PATH) + " " + arguments + " 2>&1";
  FILE* pipe = popen(command.c_str(), "r");
  std::string out;
  char buffer[4096];
  while (size_t n = fread(buffer, 1, sizeof buffer, pipe)) out.append(buffer, n);
  const int raw = pclose(pipe);
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
