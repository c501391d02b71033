// Contact: friction, restitution, stacking, articulated impacts (Holck tests 1 and 5, the ramp,
// the rolling sphere, Newton's cradle, box stacks).
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <random>
#include <nlohmann/json.hpp>

#include "scene/scene_builder.h"
#include "under_sanitizer.h"
#include "scene/scene_parser.h"
#include "shipped_scenes.h"

namespace fw {
namespace {

using nlohmann::json;

json ground(double friction, double restitution, const json& rpy = {0, 0, 0}) {
  return {{"name", "ground"},
          {"static", true},
          {"rpy", rpy},
          {"shapes", {{{"type", "plane"}, {"friction", friction}, {"restitution", restitution}}}}};
}

json box(const std::string& name, const Vec3& position, double size, double friction, double restitution,
         const json& rpy = {0, 0, 0}) {
  return {{"name", name},
          {"position", {position.x(), position.y(), position.z()}},
          {"rpy", rpy},
          {"shapes",
           {{{"type", "box"}, {"size", {size, size, size}}, {"friction", friction}, {"restitution", restitution}}}}};
}

json sceneWith(const json& bodies, const json& world) {
  return {{"format", "featherweight-scene"}, {"version", 1}, {"world", world}, {"bodies", bodies}};
}

// Position of a free body (its joint's first three coordinates).
Vec3 bodyPosition(const World& w, int body) { return w.bodyPosition(body); }

TEST(Contact, SphereRestsOnAPlane) {
  json sphere = {{"name", "ball"}, {"position", {0, 0, 0.5}}, {"shapes", {{{"type", "sphere"}, {"radius", 0.1}}}}};
  World world = loadWorld(sceneWith({ground(0.5, 0), sphere}, {{"timestep", 1.0 / 240}}));
  for (int i = 0; i < 480; ++i) world.step();
  EXPECT_NEAR(bodyPosition(world, 1).z(), 0.1, 0.006);  // within the slop
  EXPECT_LT(world.state().v.norm(), 1e-3);
  EXPECT_TRUE(world.bodyAsleep(1));  // at rest, so no longer simulated
}

// Friction ramp, μ = 0.5 (tan⁻¹ 0.5 = 26.57°): a box stays at 25°, slides at 28° with
// a = g (sin θ − μ cos θ).
double slideAlongRamp(double degrees, double seconds, double* acceleration) {
  const double theta = degrees * std::numbers::pi / 180;
  // Tilt the world's gravity instead of the ground: the same physics on a plane z = 0.
  const double g = 9.81;
  json world = {{"timestep", 1.0 / 240}, {"gravity", {g * std::sin(theta), 0, -g * std::cos(theta)}},
                {"solver", {{"iterations", 20}}}};
  World w = loadWorld(sceneWith({ground(0.5, 0), box("crate", Vec3(0, 0, 0.25), 0.5, 0.5, 0)}, world));
  for (int i = 0; i < 24; ++i) w.step();  // settle on the plane (0.1 s)
  const double x0 = bodyPosition(w, 1).x(), t0 = w.time();
  const double v0 = bodyVelocities(w)[0 * 6 + 6];  // body 1, x velocity
  const int steps = int(seconds * 240);
  for (int i = 0; i < steps; ++i) w.step();
  const double drift = bodyPosition(w, 1).x() - x0;
  const double dt = w.time() - t0;
  if (acceleration) *acceleration = 2 * (drift - v0 * dt) / (dt * dt);
  return drift;
}

TEST(Contact, FrictionRampHoldsAt25Degrees) {
  EXPECT_LT(std::abs(slideAlongRamp(25, 2, nullptr)), 1e-3);
}

TEST(Contact, FrictionRampSlidesAt28DegreesWithCoulombAcceleration) {
  double a = 0;
  slideAlongRamp(28, 2, &a);
  const double theta = 28 * std::numbers::pi / 180;
  const double expected = 9.81 * (std::sin(theta) - 0.5 * std::cos(theta));
  EXPECT_NEAR(a, expected, 0.02 * expected);
}

// A sphere launched sliding (v₀, ω = 0) on a plane: friction slows it and spins it up until it
// rolls, v = ωr, at 5/7 of v₀ for a solid sphere.
TEST(Contact, SlidingSphereEndsRollingAtFiveSevenths) {
  const double r = 0.1, v0 = 3;
  json sphere = {{"name", "ball"},
                 {"position", {0, 0, r}},
                 {"linearVelocity", {v0, 0, 0}},
                 {"shapes", {{{"type", "sphere"}, {"radius", r}, {"friction", 0.3}}}}};
  World world = loadWorld(sceneWith({ground(0.3, 0), sphere}, {{"timestep", 1.0 / 480}, {"solver", {{"iterations", 20}}}}));
  for (int i = 0; i < 960; ++i) world.step();
  const std::vector<float> velocities = bodyVelocities(world);
  const float* v = &velocities[6];
  const double speed = v[0], spin = v[4];  // x velocity, y angular velocity
  EXPECT_NEAR(speed, 5.0 / 7.0 * v0, 0.01 * 5.0 / 7.0 * v0);
  EXPECT_NEAR(speed, spin * r, 0.01 * speed);
}

// Ten unit boxes stacked at dt = 1/120: after 10 s the top one has drifted < 1 cm, moves < 1 cm/s.
// Sleeping is off: the solver itself must hold the stack for the whole 10 s.
// A tall stack is where projected Gauss–Seidel converges slowest: this scene asks for up to 100
// sweeps, stopped once no velocity changes by 0.1 mm/s (with the default 20 the top sways ~1.4 cm).
TEST(Contact, StackOfTenBoxesStands) {
  json bodies = json::array({ground(0.6, 0)});
  for (int i = 0; i < 10; ++i) bodies.push_back(box("b" + std::to_string(i), Vec3(0, 0, 0.5 + i), 1.0, 0.6, 0));
  World world =
      loadWorld(sceneWith(bodies, {{"timestep", 1.0 / 120}, {"solver", {{"iterations", 100}, {"tolerance", 1e-4}, {"sleep", false}}}}));
  const Vec3 start = bodyPosition(world, 10);
  for (int i = 0; i < 1200; ++i) world.step();
  EXPECT_LT((bodyPosition(world, 10) - start).norm(), 0.01);
  const std::vector<float> velocities = bodyVelocities(world);
  const float* v = &velocities[6 * 10];
  EXPECT_LT(Vec3(v[0], v[1], v[2]).norm(), 0.01);
}

TEST(Contact, PyramidOfTwentyRowsStands) {
  json bodies = json::array({ground(0.6, 0)});
  int count = 0;
  for (int row = 0; row < 20; ++row)
    for (int k = 0; k < 20 - row; ++k)
      bodies.push_back(box("b" + std::to_string(count++), Vec3(k * 1.05 - (19 - row) * 0.525, 0, 0.5 + row), 1.0, 0.6, 0));
  World world = loadWorld(sceneWith(bodies, {{"timestep", 1.0 / 120}, {"solver", {{"iterations", 20}, {"slop", 0.005}, {"sleep", false}}}}));
  const Vec3 top = bodyPosition(world, count);
  for (int i = 0; i < (kUnderSanitizer ? 120 : 1200); ++i) world.step();  // 10 s (1 s under the sanitizers)
  EXPECT_LT((bodyPosition(world, count) - top).norm(), 0.05) << (bodyPosition(world, count) - top).transpose();
  for (int b = 1; b <= count; ++b) ASSERT_GT(bodyPosition(world, b).z(), 0.4) << "box " << b << " fell";
}

// Holck test 1: a 0.2 m, 2 kg cube dropped tilted on a plane, e = 1, μ = 0, accurate stepping:
// total energy after 10 s within 1 %.
TEST(Contact, TiltedElasticCubeKeepsItsEnergy) {
  json cube = box("cube", Vec3(0, 0, 1), 0.2, 0, 1, {0.3, 0.4, 0.1});
  cube["shapes"][0]["density"] = 2 / 0.008;
  json world = {{"timestep", 1.0 / 240}, {"integrator", "rk4"}};
  World w = loadWorld(sceneWith({ground(0, 1), cube}, world));
  const double e0 = w.kineticEnergy() + w.potentialEnergy();
  for (int i = 0; i < 2400; ++i) w.step();
  EXPECT_GE(w.stepStats().events, 5);
  EXPECT_NEAR(w.kineticEnergy() + w.potentialEnergy(), e0, 0.01 * std::abs(e0));
}

// Newton's cradle: five equal balls hanging on revolute pendulums, e = 1, μ = 0, accurate
// stepping. The first swings in; after the impacts the last leaves with ≥ 99 % of its speed.
TEST(Contact, NewtonsCradlePassesTheSpeedThrough) {
  const double r = 0.05, L = 0.5, gap = 1e-4;
  json articulations = json::array();
  for (int i = 0; i < 5; ++i) {
    json joint = {{"type", "revolute"}, {"axis", {0, 1, 0}}, {"origin", {{"position", {i * (2 * r + gap), 0, 1}}}}};
    if (i == 0) joint["velocity"] = -2.0;  // swings in towards +x (rotation about y: −q̇ moves the bob +x)
    articulations.push_back({{"name", "ball" + std::to_string(i)},
                             {"links",
                              {{{"name", "bob"},
                                {"joint", joint},
                                {"shapes",
                                 {{{"type", "sphere"}, {"radius", r}, {"position", {0, 0, -L}}, {"friction", 0},
                                   {"restitution", 1}}}}}}}});
  }
  json scene = {{"format", "featherweight-scene"},
                {"version", 1},
                {"world", {{"timestep", 1.0 / 1000}, {"integrator", "rk4"}, {"gravity", {0, 0, -9.81}}}},
                {"articulations", articulations}};
  World world = loadWorld(scene);
  const double striking = 2.0 * L;  // bob speed
  for (int i = 0; i < 5; ++i) world.step();  // four impacts 0.1 ms apart, then 4.5 ms of swing
  const Eigen::VectorXd& v = world.state().v;
  EXPECT_GE(world.stepStats().events, 4);
  EXPECT_GE(std::abs(v[4]) * L, 0.99 * striking);
  for (int i = 0; i < 4; ++i) EXPECT_LE(std::abs(v[i]) * L, 0.01 * striking) << "ball " << i;
}

// Holck test 5: an arm falling onto a ball never penetrates deeper than the slop + 1 mm.
TEST(Contact, ArmFallingOntoABallStaysOutside) {
  json scene = json::parse(R"({"format": "featherweight-scene", "version": 1, "world": {"timestep": 0.004},
    "bodies": [{"name": "ground", "static": true, "shapes": [{"type": "plane"}]},
               {"name": "ball", "position": [0.8, 0, 0.15], "shapes": [{"type": "sphere", "radius": 0.15, "density": 200}]}],
    "articulations": [{"name": "arm", "links": [
      {"name": "upper", "joint": {"type": "revolute", "axis": [0, 1, 0], "origin": {"position": [0, 0, 0.8]}, "position": -1.2},
       "shapes": [{"type": "capsule", "radius": 0.05, "length": 0.5, "position": [0.25, 0, 0], "rpy": [0, 1.5707963, 0]}]},
      {"name": "lower", "parent": "upper", "joint": {"type": "revolute", "axis": [0, 1, 0], "origin": {"position": [0.5, 0, 0]}},
       "shapes": [{"type": "capsule", "radius": 0.05, "length": 0.5, "position": [0.25, 0, 0], "rpy": [0, 1.5707963, 0]}]}]}]})");
  World world = loadWorld(scene);
  double deepest = 0;
  int touching = 0;
  for (int i = 0; i < 750; ++i) {
    world.step();
    for (const Contact& c : world.contacts()) {
      deepest = std::min(deepest, c.separation);
      touching += c.normalImpulse > 0;
    }
  }
  EXPECT_GT(touching, 0);
  EXPECT_GT(deepest, -(world.settings().solver.linearSlop + 1e-3));
}

// Sleeping: a box at rest stops being simulated; a ball landing on it, or the mouse, wakes it.
TEST(Contact, RestingBoxSleepsAndIsWokenByATouchAndByTheMouse) {
  json ball = {{"name", "ball"}, {"position", {0.0, 0, 30}}, {"shapes", {{{"type", "sphere"}, {"radius", 0.1}, {"density", 3000}}}}};
  World world = loadWorld(sceneWith({ground(0.6, 0), box("crate", Vec3(0, 0, 0.3), 0.5, 0.6, 0), ball},
                               {{"timestep", 1.0 / 120}}));
  int asleepAt = -1;
  for (int i = 0; i < 240 && asleepAt < 0; ++i) {
    world.step();
    if (world.bodyAsleep(1)) asleepAt = i;
  }
  ASSERT_GE(asleepAt, 0) << "the box never fell asleep";
  EXPECT_FALSE(world.bodyAsleep(2));  // the ball is falling
  const Vec3 rest = world.bodyPosition(1);
  for (int i = 0; i < 60; ++i) world.step();
  EXPECT_TRUE(world.bodyAsleep(1));
  EXPECT_EQ(world.bodyPosition(1), rest);  // exactly frozen
  // Its contacts with the ground are no longer searched, but still reported (for the overlay).
  EXPECT_TRUE(world.contacts().empty());
  const std::vector<float> points = contactPoints(world);
  const int reported = int(points.size() / kContactFloats);
  ASSERT_GE(reported, 4);
  using C = layout::Contact;
  for (int i = 0; i < reported; ++i) {
    const float* point = &points[size_t(kContactFloats * i)];
    EXPECT_NEAR(point[C::kPosition + 2], 0, 0.01);
    // Each names its two bodies: the ground (0) and the crate (1), in either order.
    EXPECT_EQ(std::min(point[C::kBodyA], point[C::kBodyB]), 0.0f);
    EXPECT_EQ(std::max(point[C::kBodyA], point[C::kBodyB]), 1.0f);
  }
  // The ball (released from 30 m) lands on the box at about t = 2.5 s and wakes it.
  bool woke = false;
  for (int i = 0; i < 240 && !woke; ++i) {
    world.step();
    woke = !world.bodyAsleep(1);
  }
  EXPECT_TRUE(woke);
  // Pushed in the solve, it woke at the step's end; from the next step its resting contacts are
  // searched again: found anew, not reported twice.
  world.step();
  EXPECT_EQ(int(contactPoints(world).size() / kContactFloats), int(world.contacts().size()));
  for (int i = 0; i < 600; ++i) world.step();
  ASSERT_TRUE(world.bodyAsleep(1) && world.bodyAsleep(2)) << "box and ball should rest again";
  world.startDrag(1, world.bodyPosition(1));
  EXPECT_FALSE(world.bodyAsleep(1));
  world.moveDrag(world.bodyPosition(1) + Vec3(0, 0, 0.5));
  for (int i = 0; i < 60; ++i) world.step();
  EXPECT_GT(world.bodyPosition(1).z(), rest.z() + 0.1);  // lifted
  EXPECT_FALSE(world.bodyAsleep(1));
}

// Stronge's energetic law: a tilted, spinning box striking a plane with friction never leaves with
// more kinetic energy than it came with; without friction it agrees with Newton's law.
json impactScene(std::mt19937& rng, double friction, const std::string& law) {
  std::uniform_real_distribution<double> u(-1, 1);
  const Vec3 rpy(u(rng), u(rng), u(rng));
  const Mat3 R = (Eigen::AngleAxisd(rpy.z(), Vec3::UnitZ()) * Eigen::AngleAxisd(rpy.y(), Vec3::UnitY()) *
                  Eigen::AngleAxisd(rpy.x(), Vec3::UnitX()))
                     .toRotationMatrix();
  double lowest = 0;  // the lowest corner, below the centre
  for (int i = 0; i < 8; ++i)
    lowest = std::min(lowest, (R * Vec3(i & 1 ? 0.1 : -0.1, i & 2 ? 0.15 : -0.15, i & 4 ? 0.05 : -0.05)).z());
  json cube = box("box", Vec3(0, 0, 0.01 - lowest), 1, friction, 0.8, {rpy.x(), rpy.y(), rpy.z()});
  cube["shapes"][0]["size"] = {0.2, 0.3, 0.1};
  cube["linearVelocity"] = {u(rng), u(rng), -1 - std::abs(u(rng))};
  cube["angularVelocity"] = {2 * u(rng), 2 * u(rng), 2 * u(rng)};
  return sceneWith({ground(friction, 0.8), cube}, {{"timestep", 1.0 / 1000}, {"integrator", "rk4"}, {"gravity", {0, 0, 0}},
                                                   {"solver", {{"restitutionLaw", law}}}});
}

TEST(Contact, EnergeticRestitutionNeverCreatesEnergy) {
  std::mt19937 rng(11);
  int impacts = 0;
  for (int trial = 0; trial < 100; ++trial) {
    World world = loadWorld(impactScene(rng, 0.8, "energetic"));
    const double before = world.kineticEnergy();
    for (int i = 0; i < 40 && world.stepStats().events == 0; ++i) world.step();
    if (world.stepStats().events == 0) continue;
    ++impacts;
    EXPECT_LE(world.kineticEnergy(), before * (1 + 1e-9)) << "trial " << trial;
  }
  EXPECT_GE(impacts, 90);
}

// A sphere striking a plane obliquely and sliding all through the impact: Coulomb friction acts
// during compression and restitution alike, so the tangential impulse is μ times the whole normal
// impulse m(1 + e)|v_n|. The energetic law gets this exactly; Newton's law (friction solved with
// the compression impulse only, as in Box2D) gives μ m |v_n| instead.
TEST(Contact, EnergeticLawAppliesFrictionThroughTheWholeImpact) {
  const double mu = 0.1, e = 0.5;
  json ball = {{"name", "ball"}, {"position", {0, 0, 0.101}}, {"linearVelocity", {2, 0, -1}},
               {"shapes", {{{"type", "sphere"}, {"radius", 0.1}, {"friction", mu}, {"restitution", e}}}}};
  json plane = ground(mu, e);
  for (const std::string law : {"energetic", "newton"}) {
    World world = loadWorld(sceneWith({plane, ball}, {{"timestep", 1.0 / 1000}, {"integrator", "rk4"}, {"gravity", {0, 0, 0}},
                                                 {"solver", {{"restitutionLaw", law}}}}));
    for (int i = 0; i < 10; ++i) world.step();
    ASSERT_EQ(world.stepStats().events, 1);
    const std::vector<float> velocities = bodyVelocities(world);
    const float* v = &velocities[6];
    EXPECT_NEAR(v[2], e * 1.0, 1e-6) << law;
    EXPECT_NEAR(v[0], law == "energetic" ? 2 - mu * (1 + e) : 2 - mu, 1e-6) << law;
  }
}

TEST(Contact, EnergeticAndNewtonAgreeWithoutFriction) {
  for (int trial = 0; trial < 20; ++trial) {
    std::mt19937 a(100 + trial), b(100 + trial);
    World newton = loadWorld(impactScene(a, 0, "newton"));
    World energetic = loadWorld(impactScene(b, 0, "energetic"));
    for (int i = 0; i < 40; ++i) newton.step(), energetic.step();
    ASSERT_GE(newton.stepStats().events, 1);
    EXPECT_LT((newton.state().v - energetic.state().v).norm(), 1e-9) << "trial " << trial;
  }
}

// Shapes without an exact pair routine go through GJK/EPA and feature clipping: a convex wedge
// and a cylinder come to rest on a box lying on the ground, the cylinder standing on its cap.
TEST(Contact, HullAndCylinderRestOnABox) {
  json slab = box("slab", Vec3(0, 0, 0.1), 1, 0.6, 0);
  slab["shapes"][0]["size"] = {2, 2, 0.2};
  json wedge = {{"name", "wedge"}, {"position", {-0.4, 0, 0.5}},
                {"shapes", {{{"type", "convex"}, {"points", {{-0.1, -0.1, 0}, {0.1, -0.1, 0}, {-0.1, 0.1, 0}, {0.1, 0.1, 0}, {-0.1, -0.1, 0.15}, {-0.1, 0.1, 0.15}}}}}}};
  json can = {{"name", "can"}, {"position", {0.4, 0, 0.6}},
              {"shapes", {{{"type", "cylinder"}, {"radius", 0.1}, {"length", 0.3}}}}};
  World world = loadWorld(sceneWith({ground(0.6, 0), slab, wedge, can}, {{"timestep", 1.0 / 240}}));
  for (int i = 0; i < 960; ++i) world.step();
  EXPECT_NEAR(world.bodyPosition(2).z(), 0.2, 0.003);         // the wedge's base on the slab top
  EXPECT_NEAR(world.bodyPosition(3).z(), 0.2 + 0.15, 0.003);  // the cylinder's centre above it
  EXPECT_GT(world.bodyOrientation(3).toRotationMatrix()(2, 2), 0.999);  // still upright
  EXPECT_TRUE(world.bodyAsleep(2) && world.bodyAsleep(3));
}

// A three-link chain folding onto itself in zero gravity: its first and last links touch only
// with "selfCollision": true; joined neighbours never do.
TEST(Contact, SelfCollisionIsPerArticulation) {
  auto foldingChain = [](bool selfCollision) {
    json links = json::array();
    for (int i = 0; i < 3; ++i) {
      json link = {{"name", "l" + std::to_string(i)},
                   {"joint", {{"type", "revolute"}, {"axis", {0, 0, 1}}, {"origin", {{"position", {i == 0 ? 0.0 : 0.5, 0, 0}}}}}},
                   {"shapes", {{{"type", "capsule"}, {"radius", 0.05}, {"length", 0.4}, {"position", {0.25, 0, 0}},
                                {"rpy", {0, 1.5707963267948966, 0}}}}}};
      if (i > 0) link["parent"] = "l" + std::to_string(i - 1);
      if (i == 1) link["joint"]["position"] = 1.8, link["joint"]["velocity"] = 0.0;
      if (i == 2) link["joint"]["position"] = 1.8, link["joint"]["velocity"] = 4.0;  // folds back onto l0
      links.push_back(link);
    }
    return json{{"format", "featherweight-scene"}, {"version", 1}, {"world", {{"gravity", {0, 0, 0}}, {"timestep", 1.0 / 240}}},
                {"articulations", {{{"name", "chain"}, {"selfCollision", selfCollision}, {"links", links}}}}};
  };
  for (const bool self : {false, true}) {
    World world = loadWorld(foldingChain(self));
    int contacts = 0;
    for (int i = 0; i < 240; ++i) {
      world.step();
      contacts += int(world.contacts().size());
      for (const Contact& c : world.contacts()) {
        const int a = world.colliders()[size_t(c.colliderA)].link, b = world.colliders()[size_t(c.colliderB)].link;
        ASSERT_EQ(std::abs(a - b), 2) << "only the first and last links may touch";
      }
    }
    if (self) EXPECT_GT(contacts, 0);
    else EXPECT_EQ(contacts, 0);
  }
}

// A scene built with shapes already overlapping (a wheel sunk into a rail) must not make the
// accurate mode locate an "event" at every instant: the overlap counts from where it started.
TEST(Contact, AccurateSteppingToleratesOverlapsBuiltIntoTheScene) {
  json scene = json::parse(R"({"format": "featherweight-scene", "version": 1,
    "world": {"timestep": 0.002, "integrator": "rk4"},
    "bodies": [{"name": "rail", "static": true, "shapes": [{"type": "box", "size": [4, 0.1, 0.1]}]}],
    "articulations": [{"name": "cart", "links": [{"name": "body", "joint": {"type": "prismatic", "axis": [1, 0, 0], "velocity": 0.5},
      "shapes": [{"type": "box", "size": [0.3, 0.2, 0.1], "position": [0, 0, 0.06]}]}]}]})");
  World world = loadWorld(scene);
  for (int i = 0; i < 500; ++i) world.step();
  EXPECT_LT(world.stats().derivativeEvaluations, 4 * 500 * 3);  // RK4: 4 per step, some bisection at most
  EXPECT_NEAR(world.state().q[0], 0.5, 0.05);  // it slid on (the rail pushes up, not along)
}

TEST(Contact, LoaderRejectsBadContactInput) {
  json s = sceneWith({ground(0.5, 0), box("b", Vec3(0, 0, 1), 1, 0.5, 0)}, {{"timestep", 0.01}});
  s["bodies"][1]["shapes"][0]["restitution"] = 1.5;
  try {
    loadWorld(s);
    FAIL();
  } catch (const SceneError& e) {
    EXPECT_EQ(e.path(), "/bodies/1/shapes/0/restitution");
  }
  s = sceneWith(json::array({ground(-0.1, 0)}), {{"timestep", 0.01}});
  s["bodies"].push_back(box("b", Vec3(0, 0, 1), 1, 0.5, 0));
  EXPECT_THROW(loadWorld(s), SceneError);
  s = sceneWith(json::array({box("b", Vec3(0, 0, 1), 1, 0.5, 0)}), {{"timestep", 0.01}});
  s["bodies"][0]["shapes"].push_back({{"type", "plane"}});
  EXPECT_THROW(loadWorld(s), SceneError);  // a plane on a moving body
  s["bodies"][0]["shapes"][1] = {{"type", "convex"}, {"points", {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}}}};
  try {
    loadWorld(s);
    FAIL();
  } catch (const SceneError& e) {
    EXPECT_EQ(e.path(), "/bodies/0/shapes/1/points");
  }
}

}  // namespace
}  // namespace fw
