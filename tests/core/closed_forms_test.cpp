// Joint accelerations from ABA against the closed-form equations of motion the seeds give
// (physics-reference.md §6), at many random states. Planar systems move in the x–z plane.
#include <gtest/gtest.h>

#include <Eigen/Dense>
#include <cmath>

#include "algorithms/aba.h"
#include "algorithms/crba.h"
#include "test_models.h"

namespace fw {
namespace {

constexpr double g = 9.81;
constexpr int kStates = 200;

// ABA's q̈ at a state.
Eigen::VectorXd abaAcceleration(const Model& model, const Eigen::VectorXd& q, const Eigen::VectorXd& v,
                                const Eigen::VectorXd& tau) {
  Data data(model);
  aba(model, data, q, v, tau, nullptr);
  return data.qdd;
}

double relativeError(const Eigen::VectorXd& got, const Eigen::VectorXd& expected) {
  return (got - expected).norm() / expected.norm();
}

// Angles measured from the horizontal x axis, rising towards +z: a rotation about −y.
const Vec3 kFromHorizontal(0, -1, 0);
// Angles measured from upright, leaning towards +x: a rotation about +y.
const Vec3 kFromUpright(0, 1, 0);

TEST(ClosedForms, AcrobotSpong) {
  const double l1 = 1, lc1 = 0.5, lc2 = 0.5, m1 = 1, m2 = 1, I1 = 1, I2 = 1;
  ModelBuilder b;
  b.addLink(test::link(-1, JointType::Revolute, kFromHorizontal, Vec3::Zero(),
                       Inertia(m1, Vec3(lc1, 0, 0), Vec3(I1, I1, I1).asDiagonal())));
  b.addLink(test::link(0, JointType::Revolute, kFromHorizontal, Vec3(l1, 0, 0),
                       Inertia(m2, Vec3(lc2, 0, 0), Vec3(I2, I2, I2).asDiagonal())));
  const Model model = b.build();
  std::mt19937 rng(11);
  for (int n = 0; n < kStates; ++n) {
    const Eigen::Vector2d q = test::randomVector(2, rng, 3.14), v = test::randomVector(2, rng, 4),
                          tau = test::randomVector(2, rng, 5);
    const double c2 = std::cos(q[1]), s2 = std::sin(q[1]);
    Eigen::Matrix2d B;
    B(0, 0) = m1 * lc1 * lc1 + m2 * (l1 * l1 + lc2 * lc2 + 2 * l1 * lc2 * c2) + I1 + I2;
    B(0, 1) = B(1, 0) = m2 * (lc2 * lc2 + l1 * lc2 * c2) + I2;
    B(1, 1) = m2 * lc2 * lc2 + I2;
    const Eigen::Vector2d c(-m2 * l1 * lc2 * v[1] * v[1] * s2 - 2 * m2 * l1 * lc2 * v[0] * v[1] * s2,
                            m2 * l1 * lc2 * v[0] * v[0] * s2);
    const Eigen::Vector2d h((m1 * lc1 + m2 * l1) * g * std::cos(q[0]) + m2 * lc2 * g * std::cos(q[0] + q[1]),
                            m2 * lc2 * g * std::cos(q[0] + q[1]));
    const Eigen::Vector2d expected = B.lu().solve(tau - c - h);
    EXPECT_LT(relativeError(abaAcceleration(model, q, v, tau), expected), 1e-9) << "state " << n;
  }
}

// Rosenstein & Barto's arm: unit links, mass 1 at joints 2 and 3, payload m at the tip.
template <typename T>
Eigen::Matrix<T, 3, 3> armInertia(const Eigen::Matrix<T, 3, 1>& q, T m) {
  using std::cos;
  const T c2 = cos(q[1]), c3 = cos(q[2]), c23 = cos(q[1] + q[2]);
  Eigen::Matrix<T, 3, 3> B;
  B(0, 0) = 3 + 2 * c2 + m * (3 + 2 * c2 + 2 * c23 + 2 * c3);
  B(0, 1) = B(1, 0) = 1 + c2 + m * (2 + c2 + c23 + 2 * c3);
  B(0, 2) = B(2, 0) = m * (1 + c23 + c3);
  B(1, 1) = 1 + 2 * m * (1 + c3);
  B(1, 2) = B(2, 1) = m * (1 + c3);
  B(2, 2) = m;
  return B;
}

TEST(ClosedForms, ThreeLinkArmWithPayload) {
  const double m = 2.5;
  ModelBuilder b;
  b.addLink(test::link(-1, JointType::Revolute, kFromHorizontal, Vec3::Zero(), test::pointMass(1, Vec3(1, 0, 0))));
  b.addLink(test::link(0, JointType::Revolute, kFromHorizontal, Vec3(1, 0, 0), test::pointMass(1, Vec3(1, 0, 0))));
  b.addLink(test::link(1, JointType::Revolute, kFromHorizontal, Vec3(1, 0, 0), test::pointMass(m, Vec3(1, 0, 0))));
  const Model model = b.build();
  std::mt19937 rng(12);
  using V3L = Eigen::Matrix<long double, 3, 1>;
  for (int n = 0; n < kStates; ++n) {
    const Eigen::Vector3d q = test::randomVector(3, rng, 3.14), v = test::randomVector(3, rng, 3),
                          tau = test::randomVector(3, rng, 5);
    const V3L ql = q.cast<long double>(), vl = v.cast<long double>();
    // Velocity terms from B through the Christoffel symbols, ∂B/∂q by central differences in
    // long double: cᵢ = Σⱼₖ (∂Bᵢⱼ/∂qₖ − ½ ∂Bⱼₖ/∂qᵢ) q̇ⱼ q̇ₖ.
    const long double step = 1e-6L;
    Eigen::Matrix<long double, 3, 3> dB[3];
    for (int k = 0; k < 3; ++k) {
      const V3L e = V3L::Unit(k) * step;
      dB[k] = (armInertia<long double>(ql + e, m) - armInertia<long double>(ql - e, m)) / (2 * step);
    }
    V3L c = V3L::Zero();
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j)
        for (int k = 0; k < 3; ++k) c[i] += (dB[k](i, j) - 0.5L * dB[i](j, k)) * vl[j] * vl[k];
    const double s1 = q[0], s12 = q[0] + q[1], s123 = q[0] + q[1] + q[2];
    const Eigen::Vector3d h(g * ((2 + m) * std::cos(s1) + (1 + m) * std::cos(s12) + m * std::cos(s123)),
                            g * ((1 + m) * std::cos(s12) + m * std::cos(s123)), g * m * std::cos(s123));
    const Eigen::Vector3d rhs = tau - c.cast<double>() - h;
    const Eigen::Vector3d expected = armInertia<double>(q, m).lu().solve(rhs);
    EXPECT_LT(relativeError(abaAcceleration(model, q, v, tau), expected), 1e-9) << "state " << n;
  }
}

// A cart on a rail along x and a pole on it, θ from upright: cart mass mc, pole mass mp with its
// centre at l and inertia I about the centre.
Model cartPole(double mc, double mp, double l, double poleInertia) {
  ModelBuilder b;
  b.addLink(test::link(-1, JointType::Prismatic, Vec3::UnitX(), Vec3::Zero(), test::pointMass(mc, Vec3::Zero())));
  b.addLink(test::link(0, JointType::Revolute, kFromUpright, Vec3::Zero(),
                       Inertia(mp, Vec3(0, 0, l), Vec3(poleInertia, poleInertia, 0).asDiagonal())));
  return b.build();
}

TEST(ClosedForms, PointMassCartPole) {
  const double mc = 1.0, mp = 0.3, l = 0.8;
  const Model model = cartPole(mc, mp, l, 0);
  std::mt19937 rng(13);
  for (int n = 0; n < kStates; ++n) {
    const Eigen::Vector2d q = test::randomVector(2, rng, 3.14), v = test::randomVector(2, rng, 4);
    const double F = test::randomVector(1, rng, 10)[0], th = q[1], w = v[1];
    // Lagrange: (mc+mp) ẍ + mp l cos θ θ̈ = F + mp l sin θ θ̇², mp l cos θ ẍ + mp l² θ̈ = mp g l sin θ.
    Eigen::Matrix2d B;
    B << mc + mp, mp * l * std::cos(th), mp * l * std::cos(th), mp * l * l;
    const Eigen::Vector2d rhs(F + mp * l * std::sin(th) * w * w, mp * g * l * std::sin(th));
    EXPECT_LT(relativeError(abaAcceleration(model, q, v, Eigen::Vector2d(F, 0)), B.lu().solve(rhs)), 1e-9);
  }
}

TEST(ClosedForms, CartPoleWithUniformRodBarto) {
  const double mc = 1.0, mp = 0.1, l = 0.5;  // l: half the pole's length
  const Model model = cartPole(mc, mp, l, mp * (2 * l) * (2 * l) / 12);
  std::mt19937 rng(14);
  for (int n = 0; n < kStates; ++n) {
    const Eigen::Vector2d q = test::randomVector(2, rng, 3.14), v = test::randomVector(2, rng, 4);
    const double F = test::randomVector(1, rng, 10)[0], th = q[1], w = v[1], M = mc + mp;
    const double thdd = (g * std::sin(th) + std::cos(th) * (-F - mp * l * w * w * std::sin(th)) / M) /
                        (l * (4.0 / 3.0 - mp * std::cos(th) * std::cos(th) / M));
    const double xdd = (F + mp * l * (w * w * std::sin(th) - thdd * std::cos(th))) / M;
    EXPECT_LT(relativeError(abaAcceleration(model, q, v, Eigen::Vector2d(F, 0)), Eigen::Vector2d(xdd, thdd)), 1e-9);
  }
}

TEST(ClosedForms, DoublePendulumOnCartBogdanov) {
  const double m0 = 1.5, m1 = 0.5, m2 = 0.75, L1 = 0.5, L2 = 0.75, l1 = L1 / 2, l2 = L2 / 2;
  const double I1 = m1 * L1 * L1 / 12, I2 = m2 * L2 * L2 / 12;
  ModelBuilder b;
  b.addLink(test::link(-1, JointType::Prismatic, Vec3::UnitX(), Vec3::Zero(), test::pointMass(m0, Vec3::Zero())));
  b.addLink(test::link(0, JointType::Revolute, kFromUpright, Vec3::Zero(), test::rodAlongZ(m1, L1)));
  b.addLink(test::link(1, JointType::Revolute, kFromUpright, Vec3(0, 0, L1), test::rodAlongZ(m2, L2)));
  const Model model = b.build();
  const double d1 = m0 + m1 + m2, d2 = m1 * l1 + m2 * L1, d3 = m2 * l2, d4 = m1 * l1 * l1 + m2 * L1 * L1 + I1,
               d5 = m2 * L1 * l2, d6 = m2 * l2 * l2 + I2, f1 = (m1 * l1 + m2 * L1) * g, f2 = m2 * l2 * g;
  std::mt19937 rng(15);
  for (int n = 0; n < kStates; ++n) {
    // Bogdanov's angles are absolute; the model's second joint angle is relative to the first.
    const Eigen::Vector3d qa = test::randomVector(3, rng, 3.14), va = test::randomVector(3, rng, 4);
    const double u = test::randomVector(1, rng, 10)[0], t1 = qa[1], t2 = qa[2];
    Eigen::Matrix3d B, C;
    B << d1, d2 * std::cos(t1), d3 * std::cos(t2), d2 * std::cos(t1), d4, d5 * std::cos(t1 - t2), d3 * std::cos(t2),
        d5 * std::cos(t1 - t2), d6;
    C << 0, -d2 * std::sin(t1) * va[1], -d3 * std::sin(t2) * va[2], 0, 0, d5 * std::sin(t1 - t2) * va[2], 0,
        -d5 * std::sin(t1 - t2) * va[1], 0;
    const Eigen::Vector3d h(0, -f1 * std::sin(t1), -f2 * std::sin(t2));
    const Eigen::Vector3d absolute = B.lu().solve(Eigen::Vector3d(u, 0, 0) - C * va - h);
    const Eigen::Vector3d q(qa[0], t1, t2 - t1), v(va[0], va[1], va[2] - va[1]);
    const Eigen::VectorXd qdd = abaAcceleration(model, q, v, Eigen::Vector3d(u, 0, 0));
    const Eigen::Vector3d got(qdd[0], qdd[1], qdd[1] + qdd[2]);
    EXPECT_LT(relativeError(got, absolute), 1e-9) << "state " << n;
  }
}

// Cloutier ch. 4–5: a heavy, long distal link makes H ill-conditioned. ABA stays accurate;
// CRBA loses about κ(H)·ε. Point masses at the link ends, angles from the horizontal.
TEST(ClosedForms, CloutierConditioningAbaStaysAccurate) {
  const double l1 = 1, m1 = 1, l2 = 1e5, m2 = 1e5;
  ModelBuilder b;
  b.addLink(test::link(-1, JointType::Revolute, kFromHorizontal, Vec3::Zero(), test::pointMass(m1, Vec3(l1, 0, 0))));
  b.addLink(test::link(0, JointType::Revolute, kFromHorizontal, Vec3(l1, 0, 0), test::pointMass(m2, Vec3(l2, 0, 0))));
  const Model model = b.build();
  Data data(model);
  std::mt19937 rng(16);
  std::vector<double> abaErrors, crbaErrors;
  for (int n = 0; n < 200; ++n) {
    Eigen::Vector2d q = test::randomVector(2, rng, 3.14);
    const Eigen::Vector2d v = test::randomVector(2, rng, 1), tau = test::randomVector(2, rng, 1e6);
    // Keep θ2 at least 0.1 rad from the straight and folded poses: there sin θ2 → 0 and the
    // accelerations themselves become ill-conditioned in θ2 (a rounding of θ2 moves them), for
    // any algorithm — Cloutier's point is the mass ratio, not that singularity.
    while (std::abs(std::sin(q[1])) < std::sin(0.1)) q[1] = test::randomVector(1, rng, 3.14)[0];
    // Long-double reference: the Acrobot's equations with lc = l, I = 0, solved by Cramer's rule
    // with the determinant and the differences written out so that nothing large cancels:
    // det = l1² l2² m2 (m1 + m2 sin² θ2), and r1 − r2 formed term by term.
    using L = long double;
    const L c2 = std::cos(L(q[1])), s2 = std::sin(L(q[1])), w1 = v[0], w2 = v[1];
    const L gravity1 = (m1 + m2) * L(l1) * g * std::cos(L(q[0])), gravity2 = m2 * L(l2) * g * std::cos(L(q[0] + q[1]));
    const L r2 = tau[1] - m2 * L(l1) * l2 * s2 * w1 * w1 - gravity2;
    const L r1MinusR2 = L(tau[0]) - tau[1] + m2 * L(l1) * l2 * s2 * (w1 * w1 + 2 * w1 * w2 + w2 * w2) - gravity1;
    const L det = L(l1) * l1 * l2 * l2 * m2 * (m1 + m2 * s2 * s2);
    const L n1 = m2 * L(l2) * l2 * r1MinusR2 - m2 * L(l1) * l2 * c2 * r2;
    const L n2 = (m1 * L(l1) * l1 + m2 * L(l1) * l1 + m2 * L(l1) * l2 * c2) * r2 - m2 * (L(l2) * l2 + L(l1) * l2 * c2) * r1MinusR2;
    const Eigen::Vector2d reference(double(n1 / det), double(n2 / det));
    aba(model, data, q, v, tau, nullptr);
    abaErrors.push_back(relativeError(data.qdd, reference));
    crbaForwardDynamics(model, data, q, v, tau, nullptr);
    crbaErrors.push_back(relativeError(data.qdd, reference));
  }
  std::sort(abaErrors.begin(), abaErrors.end());
  std::sort(crbaErrors.begin(), crbaErrors.end());
  RecordProperty("aba_max_relative_error", std::to_string(abaErrors.back()));
  RecordProperty("crba_median_relative_error", std::to_string(crbaErrors[100]));
  RecordProperty("crba_max_relative_error", std::to_string(crbaErrors.back()));
  std::printf("Cloutier conditioning, 200 states: ABA median %.2e, p90 %.2e, max %.2e; CRBA median %.2e, max %.2e\n", abaErrors[100], abaErrors[180], abaErrors.back(),
              crbaErrors[100], crbaErrors.back());
  EXPECT_LT(abaErrors.back(), 1e-12);
}

}  // namespace
}  // namespace fw
