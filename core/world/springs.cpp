// Springs (parts.h): each one's tension from the state at the step's start, held over the step
// as a pair of point forces on top of the user's loads (as the mouse spring is, world.cpp), and
// its share of the energy ledger: the spring's potential energy is a function of the state, so
// the work of its elastic part is taken back out of the applied work, and the damper's is
// booked as a loss.
#include <cmath>
#include <tuple>

#include "world/world.h"

namespace fw {
namespace {

constexpr double kShortestSpring = 1e-12;  // m: shorter, the line has no direction (no force)

}  // namespace

// World velocity of the body point `local` (link frame) of `link` at the kinematics in data_.
Vec3 World::pointVelocity(int link, const Vec3& local) const {
  if (link < 0) return Vec3::Zero();
  const Motion& v = data_.v[size_t(link)];
  return linkFrame(link).R * (v.linear + v.angular.cross(local));
}

// T = k (d − L₀) + c ḋ, pulling A towards B and B towards A: into springForces_, and held on the
// loads when `hold`.
void World::applySprings(bool hold) {
  for (size_t k = 0; k < interactions_.springs.size(); ++k) {
    const Spring& s = interactions_.springs[k];
    PartForce& f = springForces_[k];
    f.endA = linkFrame(s.linkA).point(s.pointA);
    f.endB = linkFrame(s.linkB).point(s.pointB);
    const Vec3 delta = f.endB - f.endA;
    const double d = delta.norm();
    const Vec3 u = d > kShortestSpring ? Vec3(delta / d) : Vec3::Zero();
    const double rate = u.dot(pointVelocity(s.linkB, s.pointB) - pointVelocity(s.linkA, s.pointA));
    f.dampingForce = s.damping * rate;
    f.tension = s.stiffness * (d - s.restLength) + f.dampingForce;
    f.directionA = u, f.directionB = -u;
    if (!hold || f.tension == 0 || d <= kShortestSpring) continue;
    if (s.linkA >= 0) addPointForce(state_.loads, s.linkA, f.endA, f.tension * u);
    if (s.linkB >= 0) addPointForce(state_.loads, s.linkB, f.endB, -f.tension * u);
  }
}

// Power of the springs' held forces (as appliedPower() measures it) at the kinematics in data_;
// `damping` gets the dampers' share.
double World::heldSpringPower(double& damping) const {
  double total = 0;
  damping = 0;
  for (size_t k = 0; k < interactions_.springs.size(); ++k) {
    const Spring& s = interactions_.springs[k];
    const PartForce& f = springForces_[k];
    double unit = 0;  // power of a unit tension
    for (const auto& [link, point, direction] : {std::tuple{s.linkA, f.endA, f.directionA}, std::tuple{s.linkB, f.endB, f.directionB}})
      if (link >= 0) unit += data_.v[size_t(link)].dot(data_.X0[size_t(link)].apply(Force{point.cross(direction), direction}));
    total += f.tension * unit;
    damping += f.dampingForce * unit;
  }
  return total;
}

// Σ c ḋ² of the springs' dampers at the kinematics in data_: the power they take.
double World::damperPower() const {
  double power = 0;
  for (const Spring& s : interactions_.springs) {
    if (s.damping == 0) continue;
    const Vec3 delta = linkFrame(s.linkB).point(s.pointB) - linkFrame(s.linkA).point(s.pointA);
    if (delta.norm() <= kShortestSpring) continue;
    const double rate = delta.normalized().dot(pointVelocity(s.linkB, s.pointB) - pointVelocity(s.linkA, s.pointA));
    power += s.damping * rate * rate;
  }
  return power;
}

// ½ k (d − L₀)² of every spring at the poses in data_.
double World::sceneSpringEnergy() const {
  double e = 0;
  for (const Spring& s : interactions_.springs) {
    const double d = (linkFrame(s.linkB).point(s.pointB) - linkFrame(s.linkA).point(s.pointA)).norm();
    e += 0.5 * s.stiffness * (d - s.restLength) * (d - s.restLength);
  }
  return e;
}

}  // namespace fw
