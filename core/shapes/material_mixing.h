#pragma once
// How a colliding pair combines its two materials' coefficients into the one its contacts use.
// The defaults: friction the geometric mean √(μa μb) (Box2D, Bullet: a frictionless side makes
// the pair frictionless), restitution the smaller of the two (two shapes of one material collide
// with their own e, and a less elastic shape makes each of its impacts less elastic, which the
// larger of the two would hide whenever the other side is more elastic).
#include <algorithm>
#include <cmath>

namespace fw {

enum class MixRule { GeometricMean, Min, Max, Mean };

struct MaterialMixing {
  MixRule friction = MixRule::GeometricMean;
  MixRule restitution = MixRule::Min;
};

inline double mixCoefficients(MixRule rule, double a, double b) {
  switch (rule) {
    case MixRule::GeometricMean: return std::sqrt(a * b);
    case MixRule::Min: return std::min(a, b);
    case MixRule::Max: return std::max(a, b);
    case MixRule::Mean: return 0.5 * (a + b);
  }
  return std::sqrt(a * b);
}

// The default rules, as every scene without a mixing setting uses them.
inline double mixRestitution(double ea, double eb) { return mixCoefficients(MaterialMixing{}.restitution, ea, eb); }
inline double mixFriction(double mua, double mub) { return mixCoefficients(MaterialMixing{}.friction, mua, mub); }

}  // namespace fw
