// Where the springs and strings are now (layout::Part), for drawing: their ends at the state's
// poses, the tension the last step held, and the length now.
#include "world/queries.h"

namespace fw {

void partStates(const World& world, std::vector<double>& out) {
  using P = layout::Part;
  const size_t springs = world.springs().size(), count = springs + world.strings().size();
  out.assign(count * P::kStride, 0.0);
  for (size_t k = 0; k < count; ++k) {
    double* record = out.data() + k * P::kStride;
    PartForce now;
    double length = 0;
    if (k < springs) {
      const Spring& s = world.springs()[k];
      now.endA = s.linkA < 0 ? s.pointA : Vec3(world.bodyPosition(s.linkA) + world.bodyOrientation(s.linkA) * s.pointA);
      now.endB = s.linkB < 0 ? s.pointB : Vec3(world.bodyPosition(s.linkB) + world.bodyOrientation(s.linkB) * s.pointB);
      length = (now.endB - now.endA).norm();
      now.tension = world.springForces()[k].tension;
    } else {
      length = world.stringPath(world.strings()[k - springs], now);
      now.tension = world.stringForces()[k - springs].tension;
    }
    for (int i = 0; i < 3; ++i) record[P::kEndA + i] = now.endA[i], record[P::kEndB + i] = now.endB[i];
    record[P::kTension] = now.tension;
    record[P::kLength] = length;
  }
}

}  // namespace fw
