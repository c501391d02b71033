// Collision: colliders follow their links, the broad phase pairs them, the narrow phase makes
// manifolds, and last step's impulses warm-start the points that persist.
#include <algorithm>
#include <cmath>

#include "algorithms/forward_kinematics.h"
#include "collision/narrow_phase.h"
#include "world/kept_manifold.h"
#include "world/world.h"

namespace fw {

bool contactOrder(const Contact& a, const Contact& b) {
  if (a.colliderA != b.colliderA) return a.colliderA < b.colliderA;
  if (a.colliderB != b.colliderB) return a.colliderB < b.colliderB;
  return a.feature < b.feature;
}

// Colliders that no other collider may ever touch (a chain with self-collision off, decoration)
// cost collision work every step for nothing: they leave the list once, at construction. The
// links joined by impulse joints are listed first (canCollide asks for every candidate pair), and
// the per-step records get one place per collider that stays.
void World::setUpColliders() {
  joinedLinks_.clear();
  for (const ImpulseJoint& j : interactions_.impulseJoints)
    joinedLinks_.emplace_back(std::min(j.linkA, j.linkB), std::max(j.linkA, j.linkB));
  std::sort(joinedLinks_.begin(), joinedLinks_.end());
  joinedLinks_.erase(std::unique(joinedLinks_.begin(), joinedLinks_.end()), joinedLinks_.end());
  std::vector<Collider>& all = interactions_.colliders;
  std::vector<char> useful(all.size(), 0);
  for (size_t a = 0; a < all.size(); ++a)
    for (size_t b = a + 1; b < all.size(); ++b)
      if (canCollide(int(a), int(b))) useful[a] = useful[b] = 1;
  size_t kept = 0;
  for (size_t i = 0; i < all.size(); ++i)
    if (useful[i]) all[kept++] = all[i];
  all.resize(kept);
  work_.colliderMotion.assign(kept, ColliderMotion{});
  work_.colliderBounds.assign(kept, Aabb{});
}

// Poses and bounds from the kinematics in data_ (positions and velocities). A moving collider's
// bounds also cover how far it can travel in one step — |v| h + |ω| r h at its velocity now, plus
// what gravity adds over the step — so that a fast body finds what it is about to hit as a
// speculative contact (Catto, "Speculative contacts", 2013; Box2D v3, Rapier) instead of
// tunnelling into it: a box falling from 5 m moves 0.17 m per 1/60 s step, far past the fixed
// margin.
void World::updateColliders() {
  const double margin = settings_.solver.speculativeMargin;
  const double h = settings_.timestep, fall = model_.gravity.norm() * h * h;
  const std::vector<Collider>& colliders = interactions_.colliders;
  for (size_t i = 0; i < colliders.size(); ++i) {
    const Collider& c = colliders[i];
    ColliderMotion& m = work_.colliderMotion[i];
    Aabb& box = work_.colliderBounds[i];
    const Mat3 local = c.shape.orientation.normalized().toRotationMatrix();
    double sweep = 0;
    m.turn = 0;
    m.velocity.setZero();
    if (c.link < 0) {
      m.pose.rotation = local;
      m.pose.position = c.shape.position;
    } else {
      const Mat3 R = linkRotation(data_, c.link);
      m.pose.rotation = R * local;
      m.pose.position = R * c.shape.position + linkPosition(data_, c.link);
    }
    box = shapeAabb(c.shape, m.pose);
    if (c.link >= 0 && model_.treeNv(model_.treeOf[size_t(c.link)]) > 0 && c.shape.type != ShapeType::Plane) {
      const Motion& v = data_.v[size_t(c.link)];  // link coordinates
      const Mat3 R = linkRotation(data_, c.link);
      const Vec3 centre = 0.5 * (box.upper + box.lower);
      const Vec3 arm = R.transpose() * (centre - linkPosition(data_, c.link));
      m.velocity = R * (v.linear + v.angular.cross(arm));
      m.turn = h * v.angular.norm() * 0.5 * (box.upper - box.lower).norm();
      sweep = h * m.velocity.norm() + m.turn + fall;
    }
    box.lower.array() -= std::max(margin, sweep);
    box.upper.array() += std::max(margin, sweep);
  }
}

// The scene's explicit pair of these two shapes, if it lists one (a binary search).
const ColliderPair* World::contactPair(const Collider& a, const Collider& b) const {
  if (interactions_.contactPairs.empty()) return nullptr;
  ColliderPair key;
  key.a = std::min(colliderKey(a), colliderKey(b)), key.b = std::max(colliderKey(a), colliderKey(b));
  const auto it = std::lower_bound(interactions_.contactPairs.begin(), interactions_.contactPairs.end(), key);
  return it != interactions_.contactPairs.end() && it->a == key.a && it->b == key.b ? &*it : nullptr;
}

bool World::canCollide(int a, int b) const {
  const Collider& ca = interactions_.colliders[size_t(a)];
  const Collider& cb = interactions_.colliders[size_t(b)];
  const auto immovable = [this](int link) { return link < 0 || model_.treeNv(model_.treeOf[size_t(link)]) == 0; };
  if (immovable(ca.link) && immovable(cb.link)) return false;  // static pairs never move
  if (contactPair(ca, cb)) return true;  // an explicit pair passes every filter (MuJoCo's <pair>)
  if (ca.link == cb.link) return false;
  const bool ab = ca.shape.collisionGroup & cb.shape.collisionMask, ba = cb.shape.collisionGroup & ca.shape.collisionMask;
  if (interactions_.eitherFilter ? !(ab || ba) : !(ab && ba)) return false;
  if (ca.link >= 0 && cb.link >= 0) {
    const int tree = model_.treeOf[size_t(ca.link)];
    if (tree == model_.treeOf[size_t(cb.link)]) {
      // Links joined by a joint always overlap near it: never a contact.
      if (model_.parent[size_t(ca.link)] == cb.link || model_.parent[size_t(cb.link)] == ca.link) return false;
      if (!interactions_.selfCollision[size_t(tree)]) return false;
    } else {
      const int family = interactions_.collisionFamily[size_t(tree)];
      if (family >= 0 && family == interactions_.collisionFamily[size_t(model_.treeOf[size_t(cb.link)])]) return false;
    }
  }
  if (ca.shape.type == ShapeType::Plane && cb.shape.type == ShapeType::Plane) return false;
  if (!interactions_.excludedPairs.empty()) {  // a scene's excluded pairs (MuJoCo's <exclude>)
    const std::pair<int, int> pair(std::min(ca.link, cb.link), std::max(ca.link, cb.link));
    if (std::binary_search(interactions_.excludedPairs.begin(), interactions_.excludedPairs.end(), pair)) return false;
  }
  if (!joinedLinks_.empty()) {  // joined by an impulse joint
    const std::pair<int, int> pair(std::min(ca.link, cb.link), std::max(ca.link, cb.link));
    if (std::binary_search(joinedLinks_.begin(), joinedLinks_.end(), pair)) return false;
  }
  return true;
}

// The collision stage: contacts closer than margin (swept: plus how far the pair can move this
// step, realtime) from the collider poses of the last refresh, in contactOrder and warm-started.
// The broad phase gives the pairs sorted, so the contacts come out sorted pair by pair and only
// each manifold's few points need ordering, instead of sorting the whole list of large contacts.
void World::findContacts(double margin, bool swept) {
  std::vector<Contact>& contacts = state_.contacts;
  std::swap(contacts, work_.previousContacts);
  contacts.clear();
  // A sleeper woken here (touched; realtime, struck) needs its own resting contacts (the ground
  // under it) in this very step, so the search runs again until nothing more wakes. Realtime,
  // a sleeper that is only touched stays asleep through the step: its contacts with awake bodies
  // hold it as if static, and the solve's impulses decide whether it wakes (updateSleep).
  // With every moving tree asleep, no pair has a side that can move: nothing to look for.
  const bool anyAwake = anyTreeAwake();
  std::fill(work_.struck.begin(), work_.struck.end(), char(0));
  for (bool woke = true; woke;) {
    woke = false;
    contacts.clear();
    work_.pairs.clear();
    if (anyAwake)
      broadPhase_.findPairs(work_.colliderBounds,
                            [&](int a, int b) { return canCollide(a, b) && !(colliderResting(a) && colliderResting(b)); }, work_.pairs);
    Manifold manifold;
    const Contact* kept = work_.previousContacts.data();
    const Contact* const previousEnd = kept + work_.previousContacts.size();
    for (const auto& [a, b] : work_.pairs) {
      const Collider& ca = interactions_.colliders[size_t(a)];
      const Collider& cb = interactions_.colliders[size_t(b)];
      const ColliderMotion& ma = work_.colliderMotion[size_t(a)];
      const ColliderMotion& mb = work_.colliderMotion[size_t(b)];
      // How far the two can close in on each other this step: their relative motion, not each
      // one's (boxes settling together keep the fixed margin, and the pile its row count).
      const double h = settings_.timestep;
      const double closing = h * (ma.velocity - mb.velocity).norm() + ma.turn + mb.turn + model_.gravity.norm() * h * h;
      const double reach = swept ? std::max(margin, closing) : margin;
      // A realtime step keeps a flat-faced pair's manifold from the last step while the pair has
      // barely moved (kept_manifold.h); last step's contacts are in pair order, like the pairs.
      const bool flat = keepsManifold(ca.shape.type, cb.shape.type);
      while (kept != previousEnd && (kept->colliderA < a || (kept->colliderA == a && kept->colliderB < b))) ++kept;
      const Contact* keptEnd = kept;
      while (keptEnd != previousEnd && keptEnd->colliderA == a && keptEnd->colliderB == b) ++keptEnd;
      const size_t first = contacts.size();
      if (!(swept && flat && keepManifold(kept, keptEnd, ma.pose, mb.pose, reach, contacts))) {
        if (!collide(ca.shape, ma.pose, cb.shape, mb.pose, reach, manifold)) continue;
        for (int k = 0; k < manifold.count; ++k) {
          Contact c;
          c.colliderA = a, c.colliderB = b;
          c.feature = manifold.points[k].feature;
          c.point = manifold.points[k].position;
          c.normal = manifold.normal;
          c.separation = manifold.points[k].separation;
          if (flat) recordContactAnchors(c, ma.pose, mb.pose);  // the others' are never read
          contacts.push_back(c);
        }
        std::sort(contacts.begin() + std::ptrdiff_t(first), contacts.end(), contactOrder);  // by feature: ≤ 4 points
      }
      // An awake body reaching a sleeping one wakes it (the filter let no pair of two resting
      // sides through, so one side here is awake). Realtime, only one closing in on it faster
      // than the sleep speed: an impact has to move the sleeper in this very solve, or momentum
      // is lost against a body held as static; one resting on it or spinning beside it leaves it
      // to the impulses it takes (updateSleep).
      // A sleeper touching one struck this step wakes too, so the impact travels on through it.
      const int treeA = treeOfLink(ca.link), treeB = treeOfLink(cb.link);
      const bool struckSide = (treeA >= 0 && work_.struck[size_t(treeA)]) || (treeB >= 0 && work_.struck[size_t(treeB)]);
      if (swept && !struckSide && (contacts.size() == first || !closingFast(ma, mb, contacts[first].normal))) continue;
      for (const int tree : {treeA, treeB}) {
        if (!treeAsleep(tree)) continue;
        wakeTree(tree);
        work_.struck[size_t(tree)] = 1;
        woke = true;
      }
    }
  }
  warmStartContacts();
  state_.stepStats.contacts = int(contacts.size());
}

// Warm start: a point with the same pair and features as last step starts from its impulses.
// Both lists are in contactOrder, so one walk along both finds every match.
void World::warmStartContacts() {
  if (!settings_.solver.warmStarting) return;
  const std::vector<Contact>& previous = work_.previousContacts;
  auto it = previous.begin();
  for (Contact& c : state_.contacts) {
    while (it != previous.end() && contactOrder(*it, c)) ++it;
    if (it == previous.end()) break;
    if (it->colliderA == c.colliderA && it->colliderB == c.colliderB && it->feature == c.feature) {
      c.normalImpulse = it->normalImpulse;
      c.frictionImpulse = it->frictionImpulse - it->frictionImpulse.dot(c.normal) * c.normal;
      c.twistImpulse = it->twistImpulse;
    }
  }
}

// A side that cannot move this step: static, welded, or asleep. Two of them never meet.
bool World::colliderResting(int collider) const {
  const int tree = treeOfLink(interactions_.colliders[size_t(collider)].link);
  return tree < 0 || state_.asleep[size_t(tree)];
}

// Whether two colliders close in along the normal (from A to B) faster than the sleep speed,
// at their velocities at the step's start.
bool World::closingFast(const ColliderMotion& a, const ColliderMotion& b, const Vec3& normal) const {
  return (a.velocity - b.velocity).dot(normal) > settings_.solver.sleepVelocity;
}

// The link a contact row acts on: none (the world's side) for a sleeping body, which the solve
// holds still like static geometry.
int World::rowLink(const Collider& collider) const {
  return treeAsleep(treeOfLink(collider.link)) ? -1 : collider.link;
}

bool World::contactAsleep(const Contact& c) const { return colliderResting(c.colliderA) && colliderResting(c.colliderB); }

}  // namespace fw
