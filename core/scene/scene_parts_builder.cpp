// Ropes become bodies and constraints before the world is built; springs and strings become the
// world's (world/parts.h) once it is, their lengths defaulting to the initial state's.
#include "scene/scene_parts_builder.h"

#include <cmath>

#include "algorithms/forward_kinematics.h"

namespace fw {
namespace {

// The rope's centre line at the start: straight from P to Q (or hanging from P along gravity),
// or, when longer than the ends' distance d, N equal chords of a circular arc through both
// (the segments, joint to joint), sagging along gravity. `at` gives the joints: at(L·i/N).
struct RopeLine {
  Vec3 P, along, sag, centre;  // along: unit P → Q; sag: unit, perpendicular, the arc's low side
  double radius = 0, angle = 0, length = 0;  // the arc's radius and angle (0: straight), the rope's
  Vec3 at(double s) const {
    if (radius == 0) return P + along * s;
    const double alpha = angle * (s / length - 0.5);  // from the arc's lowest point
    return centre + radius * (std::sin(alpha) * along + std::cos(alpha) * sag);
  }
};

Vec3 downOf(const Vec3& gravity) { return gravity.norm() > 0 ? Vec3(gravity.normalized()) : Vec3(-Vec3::UnitZ()); }

RopeLine ropeLine(const RopeDescription& rope, const Vec3& P, const std::optional<Vec3>& end, const Vec3& gravity) {
  const Vec3 down = downOf(gravity);
  if (!end) return {P, down, Vec3::Zero(), Vec3::Zero(), 0, 0, rope.length};
  const Vec3 Q = *end;
  const double d = (Q - P).norm(), L = rope.length;
  if (L < d * (1 - 1e-9))
    throw SceneError(rope.path + "/length", "the rope is shorter than its ends' distance at the start (" + std::to_string(d) + " m)");
  if (d < 1e-9) throw SceneError(rope.path + "/b", "the rope's ends meet at the start: attach it at two points apart");
  const Vec3 along = (Q - P) / d;
  if (L <= d * (1 + 1e-9)) return {P, along, Vec3::Zero(), Vec3::Zero(), 0, 0, L};
  Vec3 sag = down - down.dot(along) * along;
  sag = sag.norm() < 1e-9 ? along.unitOrthogonal() : Vec3(sag.normalized());
  // The arc's angle φ: its chord d = 2R sin(φ/2), and N chords of φ/N each L/N long, so
  // N sin(φ/2N) / sin(φ/2) = L/d; by bisection on (0, 2π), where the left side grows from 1.
  const double n = rope.segments;
  double lo = 0, hi = 2 * 3.141592653589793;
  for (int i = 0; i < 200; ++i) {
    const double mid = 0.5 * (lo + hi);
    (n * std::sin(0.5 * mid / n) * d < L * std::sin(0.5 * mid) ? lo : hi) = mid;
  }
  const double angle = 0.5 * (lo + hi), radius = 0.5 * d / std::sin(0.5 * angle);
  const Vec3 centre = 0.5 * (P + Q) - sag * radius * std::cos(0.5 * angle);
  return {P, along, sag, centre, radius, angle, L};
}

ArticulationDescription segmentBody(const RopeDescription& rope, int i, const Vec3& from, const Vec3& to, double piece) {
  ArticulationDescription a;
  a.isFreeBody = true;
  a.name = rope.name + "/" + std::to_string(i);
  LinkDescription link;
  link.path = rope.path;
  link.name = a.name;
  link.joint.type = JointType::Free;
  link.joint.initialPose.position = 0.5 * (from + to);
  const Vec3 axis = (to - from).norm() > 0 ? Vec3((to - from).normalized()) : Vec3::UnitZ();
  link.joint.initialPose.orientation = Eigen::Quaterniond::FromTwoVectors(Vec3::UnitZ(), axis);
  // A solid rod of the segment's length along z: I = m (3r² + ℓ²)/12 across, m r²/2 along.
  const double m = rope.mass / rope.segments, r = rope.radius;
  Inertial inertial;
  inertial.mass = m;
  inertial.inertiaAboutCom = Eigen::Vector3d(m * (3 * r * r + piece * piece) / 12, m * (3 * r * r + piece * piece) / 12,
                                             m * r * r / 2).asDiagonal();
  link.inertial = inertial;
  Shape capsule = rope.capsule;
  capsule.radius = r;
  capsule.length = piece;
  link.shapes.push_back(capsule);
  link.shapeVisuals.push_back(rope.visual);
  a.links.push_back(std::move(link));
  return a;
}

ConstraintDescription ropeJoint(const RopeDescription& rope, int k, const std::string& a, const Vec3& pointA,
                                const std::string& b, const Vec3& pointB) {
  ConstraintDescription c;
  c.path = rope.path;
  c.name = rope.name + "/joint " + std::to_string(k);
  c.type = JointType::Spherical;
  c.a = a, c.b = b;
  c.pointA = pointA, c.pointB = pointB;
  return c;
}

void buildRope(const RopeDescription& rope, const std::function<LinkFrame(const std::string&)>& frameOf, SceneDescription& out) {
  // An end may be a segment of a rope built before this one: its pose is the one just laid out.
  const auto endFrame = [&](const std::string& name) {
    for (const ArticulationDescription& a : out.articulations)
      if (a.isFreeBody && a.name == name && !a.links[0].path.empty() && a.links[0].path.rfind("/ropes/", 0) == 0)
        return LinkFrame{a.links[0].joint.initialPose.orientation.toRotationMatrix(), a.links[0].joint.initialPose.position};
    return frameOf(name);
  };
  const Vec3 P = endFrame(rope.a).point(rope.pointA);
  const std::optional<Vec3> Q = rope.b.empty() ? std::nullopt : std::optional<Vec3>(endFrame(rope.b).point(rope.pointB));
  const RopeLine line = ropeLine(rope, P, Q, out.world.gravity);
  const int n = rope.segments;
  const double piece = rope.length / n;
  const Vec3 half(0, 0, 0.5 * piece);
  for (int i = 0; i < n; ++i) {
    out.articulations.push_back(segmentBody(rope, i, line.at(i * piece), line.at((i + 1) * piece), piece));
    const std::string name = out.articulations.back().name;
    if (i == 0) out.constraints.push_back(ropeJoint(rope, 0, rope.a, rope.pointA, name, -half));
    else out.constraints.push_back(ropeJoint(rope, i, rope.name + "/" + std::to_string(i - 1), half, name, -half));
    if (i > 0) out.contactExclusions.push_back({rope.path, rope.name + "/" + std::to_string(i - 1), name});
  }
  const std::string last = rope.name + "/" + std::to_string(n - 1);
  if (!rope.b.empty()) out.constraints.push_back(ropeJoint(rope, n, last, half, rope.b, rope.pointB));
  if (rope.a != "world") out.contactExclusions.push_back({rope.path, rope.a, rope.name + "/0"});
  if (!rope.b.empty() && rope.b != "world") out.contactExclusions.push_back({rope.path, last, rope.b});
}

}  // namespace

SceneDescription withRopesBuilt(const SceneDescription& scene, const std::function<LinkFrame(const std::string&)>& frameOf) {
  SceneDescription out = scene;
  out.ropes.clear();
  for (const RopeDescription& rope : scene.ropes) buildRope(rope, frameOf, out);
  return out;
}

void addSpringsAndStrings(const SceneDescription& scene, const Model& model, const State& initial,
                          const std::map<std::string, int>& bodyNamed, bool accurate, WorldInteractions& interactions) {
  if (scene.springs.empty() && scene.strings.empty()) return;
  if (accurate && !scene.strings.empty())
    throw SceneError(scene.strings[0].path, "strings need realtime stepping (semi-implicit-euler)");
  Data data(model, false);  // kinematics only
  forwardKinematics(model, data, initial.q, initial.v);
  const auto linkOf = [&](const std::string& name) { return name == "world" ? -1 : bodyNamed.at(name); };
  const auto pointAt = [&](int link, const Vec3& local) {
    return link < 0 ? local : Vec3(data.X0[size_t(link)].E.transpose() * local + data.X0[size_t(link)].r);
  };
  const auto movable = [&](int link) { return link >= 0 && model.treeNv(model.treeOf[size_t(link)]) > 0; };
  for (const SpringDescription& d : scene.springs) {
    Spring s{d.name, linkOf(d.a), linkOf(d.b), d.pointA, d.pointB, 0, d.stiffness, d.damping};
    if (!movable(s.linkA) && !movable(s.linkB)) throw SceneError(d.path, "neither end of this spring can move");
    s.restLength = d.restLength ? *d.restLength : (pointAt(s.linkB, s.pointB) - pointAt(s.linkA, s.pointA)).norm();
    interactions.springs.push_back(s);
  }
  for (const StringDescription& d : scene.strings) {
    IdealString s{d.name, linkOf(d.a), linkOf(d.b), d.pointA, d.pointB, d.via, 0};
    if (!movable(s.linkA) && !movable(s.linkB)) throw SceneError(d.path, "neither end of this string can move");
    std::vector<Vec3> path{pointAt(s.linkA, s.pointA)};
    path.insert(path.end(), d.via.begin(), d.via.end());
    path.push_back(pointAt(s.linkB, s.pointB));
    double length = 0;
    for (size_t i = 1; i < path.size(); ++i) length += (path[i] - path[i - 1]).norm();
    if (!d.length && !(length > 0)) throw SceneError(d.path, "the string's path has no length at the start: give \"length\"");
    s.length = d.length ? *d.length : length;
    interactions.strings.push_back(s);
  }
}

}  // namespace fw
