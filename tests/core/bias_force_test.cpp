// A rigid body's bias force v ×* I v taken about its centre of mass (Inertia::biasForce, the
// form ABA's first pass uses) against the two textbook forms: v ×* (I v) with I v from the
// stored inertia, and the 6×6 product crf(v) I v with crf(v) = [[ω×, v×], [0, ω×]] (RBDA eq. 2.32).
#include <gtest/gtest.h>

#include "test_models.h"

namespace fw {
namespace {

Vec6 crossForceMatrixProduct(const Motion& v, const Inertia& I) {
  Mat6 crf = Mat6::Zero();
  crf.topLeftCorner<3, 3>() = skew(v.angular);
  crf.topRightCorner<3, 3>() = skew(v.linear);
  crf.bottomRightCorner<3, 3>() = skew(v.angular);
  return crf * (I.matrix() * v.vector());
}

TEST(BiasForce, AboutTheCentreEqualsTheTextbookForms) {
  std::mt19937 rng(5);
  for (int trial = 0; trial < 200; ++trial) {
    const Inertia I = test::randomInertia(rng);
    const double scale = trial % 2 ? 1.0 : 30.0;  // slow and fast spins
    const Eigen::VectorXd w = test::randomVector(3, rng, scale), u = test::randomVector(3, rng, scale);
    const Motion v{w, u};
    const Force viaCentre = I.biasForce(v);
    const Force viaOrigin = v.crossForce(I * v);
    const Vec6 viaMatrix = crossForceMatrixProduct(v, I);
    const double size = viaMatrix.norm();
    ASSERT_GT(size, 0);
    EXPECT_LT((viaCentre.vector() - viaOrigin.vector()).norm(), 1e-14 * size) << "trial " << trial;
    EXPECT_LT((viaCentre.vector() - viaMatrix).norm(), 1e-14 * size) << "trial " << trial;
  }
}

// A body spinning about its centre alone feels only the gyroscopic couple ω × Ic ω; one moving
// without turning feels nothing.
TEST(BiasForce, ReducesToTheGyroscopicCoupleAndToZero) {
  std::mt19937 rng(6);
  const Inertia I = test::randomInertia(rng);
  const Vec3 w(0.3, -1.2, 2.0);
  const Motion aboutCentre{w, I.com.cross(w)};  // the centre at rest: v_O = c × ω
  const Force couple = I.biasForce(aboutCentre);
  EXPECT_LT((couple.angular - w.cross(I.inertiaAboutCom * w)).norm(), 1e-14 * w.squaredNorm());
  EXPECT_LT(couple.linear.norm(), 1e-14 * w.squaredNorm());
  const Force translating = I.biasForce({Vec3::Zero(), Vec3(1, -2, 3)});
  EXPECT_EQ(translating.angular.norm(), 0.0);
  EXPECT_EQ(translating.linear.norm(), 0.0);
}

}  // namespace
}  // namespace fw
