#include "constraints/joint_friction.h"

#include <algorithm>

#include "algorithms/impulse_response.h"

namespace fw {

void applyJointFriction(const Model& model, Data& data, Eigen::VectorXd& v, double h, int iterations) {
  const int count = int(data.frictionCoordinate.size());
  if (count == 0) return;
  // Column c of H⁻¹ for each friction coordinate: the velocity change per unit impulse.
  for (int c = 0; c < count; ++c) {
    jointImpulseResponse(model, data, data.frictionLink[size_t(c)], data.frictionCoordinate[size_t(c)],
                         data.responseScratch);
    data.frictionResponse.col(c) = data.responseScratch;
  }
  data.frictionImpulse.setZero();
  for (int sweep = 0; sweep < iterations; ++sweep) {
    double largestChange = 0;
    for (int c = 0; c < count; ++c) {
      const int i = data.frictionCoordinate[size_t(c)];
      const double bound = model.coulombFriction[size_t(i)] * h;
      const double w = data.frictionResponse(i, c);  // (H⁻¹)ᵢᵢ > 0
      const double old = data.frictionImpulse[c];
      const double updated = std::clamp(old - v[i] / w, -bound, bound);
      const double change = updated - old;
      if (change == 0) continue;
      data.frictionImpulse[c] = updated;
      v.noalias() += change * data.frictionResponse.col(c);
      largestChange = std::max(largestChange, std::abs(change) * w);
    }
    if (largestChange < 1e-14) break;
  }
}

}  // namespace fw
