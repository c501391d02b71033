#pragma once
// A running world: the immutable Model, its preallocated Data, the state, the loads for the
// next step and the stepping settings. Built once per scene by scene_builder; step() does not
// allocate.
#include <string>
#include <vector>

#include "integrators/integrator.h"
#include "model/data.h"
#include "model/loads.h"
#include "model/model.h"
#include "model/state.h"
#include "shapes/shape.h"

namespace fw {

struct WorldSettings {
  double timestep = 1.0 / 240.0;
  IntegratorSettings integrator;
};

// What the front end needs to draw a body: its name and shapes (in the body frame).
struct BodyVisual {
  std::string name;  // "articulation/link", or a free body's own name
  std::vector<Shape> shapes;
};

class World {
 public:
  World(Model model, State initial, WorldSettings settings, std::vector<BodyVisual> visuals);

  // Advances by exactly one timestep (RK45 may take several substeps inside it).
  void step();
  // Back to the initial state at t = 0; forces are cleared.
  void reset();

  // A force at a world point on a body (link), held for every step until clearForces().
  void applyForce(int body, const Vec3& pointWorld, const Vec3& forceWorld);
  void clearForces();
  // The mouse spring (Radowitz's interactive manipulation): grab a point of a body, pull it
  // towards a target with a critically damped spring whose stiffness scales with the effective
  // mass at that point (from the articulated collision matrix), so every body follows alike.
  void startDrag(int body, const Vec3& pointWorld);
  void moveDrag(const Vec3& targetWorld) { drag_.target = targetWorld; }
  void endDrag() { drag_.body = -1; }
  bool dragging() const { return drag_.body >= 0; }
  Vec3 dragPointWorld() const;           // the grabbed point now
  const Vec3& dragForce() const { return drag_.force; }  // the spring's force in the last step

  // Joint efforts (τ, one per velocity coordinate), held until changed.
  Eigen::VectorXd& jointEfforts() { return loads_.tau; }

  const Model& model() const { return model_; }
  const State& state() const { return state_; }
  const WorldSettings& settings() const { return settings_; }
  const IntegratorStats& stats() const { return stats_; }
  const std::vector<BodyVisual>& visuals() const { return visuals_; }
  double time() const { return state_.t; }

  // Pose of every body after the last step or reset: x, y, z, qx, qy, qz, qw per body (float,
  // for the renderer), one contiguous buffer.
  const std::vector<float>& poses() const { return poses_; }
  // World pose of one body's frame.
  Vec3 bodyPosition(int body) const;
  Quat bodyOrientation(int body) const;

  double kineticEnergy();
  double potentialEnergy();
  // Angular momentum about the world origin and linear momentum, world coordinates.
  Force momentum();

  // The first joint (body index) whose position or velocity is NaN or infinite, or −1.
  int firstNonFiniteJoint() const;

 private:
  void refreshKinematics();
  void applyDragSpring();

  struct DragSpring {
    int body = -1;
    Vec3 localPoint = Vec3::Zero();
    Vec3 target = Vec3::Zero();
    double stiffness = 0, damping = 0, maxForce = 0;
    Vec3 force = Vec3::Zero();
  };

  Model model_;
  Data data_;
  State initial_;
  State state_;
  Loads loads_;
  WorldSettings settings_;
  IntegratorStats stats_;
  std::vector<BodyVisual> visuals_;
  std::vector<float> poses_;
  DragSpring drag_;
  Eigen::VectorXd dragScratch_;  // nv, for the collision matrix
};

}  // namespace fw
