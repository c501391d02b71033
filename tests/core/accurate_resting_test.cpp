// Accurate stepping with resting contacts: a box pyramid stepped with RK4
// took 56 s of wall time per simulated second, every step running out of its 64 events because
// the resting efforts' small error let contacts drift past the 1e-9 m event tolerance, and each
// drift was bisected as if it were an impact. Resting contacts now only get projected back.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "scene/scene_builder.h"
#include "scene/scene_parser.h"

namespace fw {
namespace {

TEST(AccurateResting, APyramidAtRestMakesFewEventsAndDoesNotSink) {
  std::ifstream in(std::filesystem::path(FW_SCENES_DIR) / "box-pyramid.json");
  std::stringstream text;
  text << in.rdbuf();
  SceneDescription scene = parseScene(text.str());
  scene.world.integrator = "rk4";
  scene.world.stepping = "accurate";
  World world = buildWorld(scene);
  const double potential = world.potentialEnergy();
  const int steps = 30;  // 0.25 s
  for (int i = 0; i < steps; ++i) world.step();
  ASSERT_EQ(world.stepError(), "");
  EXPECT_EQ(world.stepStats().unlocatedEvents, 0);
  EXPECT_LT(world.stepStats().events, 3 * steps);  // was 48 per step
  // The pyramid stays up: its centre of mass sinks by less than a millimetre.
  double mass = 0;
  for (int link = 0; link < world.model().nlinks; ++link) mass += world.model().inertia[size_t(link)].mass;
  EXPECT_LT((potential - world.potentialEnergy()) / (mass * 9.81), 1e-3);
}

}  // namespace
}  // namespace fw
