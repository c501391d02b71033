// Readers of the small values every section of a scene uses.
#include "scene/scene_reading.h"

#include <cmath>

namespace fw {
namespace {

Eigen::Quaterniond quaternionFrom(const JsonCursor& c) {
  if (!c.value().is_array() || c.value().size() != 4) c.fail("expected 4 numbers (w, x, y, z)");
  Eigen::Quaterniond q(c[size_t{0}].number(), c[size_t{1}].number(), c[size_t{2}].number(), c[size_t{3}].number());
  const double n = q.norm();
  if (n < 1e-9) c.fail("quaternion must not be zero");
  if (std::abs(n - 1) > 1e-3)
    c.fail("quaternion must have unit length (got length " + nlohmann::json(n).dump() + ")");
  return q.normalized();
}

// Roll, pitch, yaw about fixed x, y, z axes (URDF): R = Rz(yaw) Ry(pitch) Rx(roll).
Eigen::Quaterniond quaternionFromRpy(const Eigen::Vector3d& rpy) {
  using Eigen::AngleAxisd;
  return AngleAxisd(rpy.z(), Eigen::Vector3d::UnitZ()) * AngleAxisd(rpy.y(), Eigen::Vector3d::UnitY()) *
         AngleAxisd(rpy.x(), Eigen::Vector3d::UnitX());
}

}  // namespace

double unitInterval(const JsonCursor& c, const char* what) {
  const double x = c.number();
  if (!(x >= 0 && x <= 1)) c.fail(std::string(what) + " must be between 0 and 1");
  return x;
}

double frictionCoefficient(const JsonCursor& c) {
  const double mu = c.number();
  if (!(mu >= 0 && mu <= 10)) c.fail("friction coefficient must be between 0 and 10");
  return mu;
}

uint32_t collisionBits(const JsonCursor& c) {
  const nlohmann::json& v = c.value();
  if (!v.is_number_unsigned() || v.get<uint64_t>() > 0xffffffffull)
    c.fail("expected an integer bit mask between 0 and 4294967295");
  return uint32_t(v.get<uint64_t>());
}

Eigen::Vector3d unitAxis(const JsonCursor& c) {
  const Eigen::Vector3d a = c.vector3();
  if (a.norm() < 1e-9) c.fail("axis must not be zero");
  return a.normalized();
}

Eigen::Quaterniond orientationFrom(const JsonCursor& c, const Eigen::Quaterniond& fallback) {
  if (c.has("quaternion") && c.has("rpy")) c["rpy"].fail("give either quaternion or rpy, not both");
  if (c.has("quaternion")) return quaternionFrom(c["quaternion"]);
  if (c.has("rpy")) return quaternionFromRpy(c["rpy"].vector3());
  return fallback;
}

Pose poseFrom(const JsonCursor& c) {
  c.allowOnly({"position", "quaternion", "rpy"});
  Pose p;
  p.position = vector3Or(c, "position", scene_defaults::kPosePosition);
  p.orientation = orientationFrom(c, quaternionOf(scene_defaults::kPoseQuaternion));
  return p;
}

std::string checkedName(const JsonCursor& c) {
  const std::string name = c.string();
  if (name.empty()) c.fail("name must not be empty");
  if (name.find('/') != std::string::npos) c.fail("name must not contain '/'");
  return name;
}

}  // namespace fw
