#include "constraints/point_row.h"

#include "algorithms/impulse_response.h"
#include "constraints/row_products.h"

namespace fw {
namespace {

// Adds (J, W) of the world wrench f (moment about the world origin) on `link` into the side's
// segment. J: the wrench's work rate per joint rate, Sᵢᵀ (X0ᵢ* f) for every joint on the path to
// the root.
void accumulateLink(const Model& model, Data& data, int link, const Force& f, double* J, double* W, double* scratch) {
  const int tree = model.treeOf[size_t(link)];
  const int firstV = model.treeFirstV[size_t(tree)];
  const int n = model.treeNv(tree);
  const JointModel& own = model.joints[size_t(link)];
  if (own.type == JointType::Free && n == 6) {
    // A free body: S = 1, so J is the force in body coordinates and W = I⁻¹ J with I⁻¹ = D⁻¹,
    // which ABA has just formed: no tree walk.
    Vec6 projected;
    projectForce(own, data.X0[size_t(link)].apply(f), projected);
    Eigen::Map<Vec6>(J) += projected;
    addProduct6(W, data.Dinv[size_t(link)], projected);
    return;
  }
  for (int i = link; i >= 0; i = model.parent[size_t(i)]) {
    const JointModel& j = model.joints[size_t(i)];
    if (j.nv == 0) continue;
    Vec6 projected;
    projectForce(j, data.X0[size_t(i)].apply(f), projected);
    for (int k = 0; k < j.nv; ++k) J[j.idx_v - firstV + k] += projected[k];
  }
  impulseResponseInTree(model, data, link, f, scratch);
  for (int k = 0; k < n; ++k) W[k] += scratch[k];
}

double sumOfProducts(const double* a, const double* b, int n) {
  if (n == 6) return dot6(a, b);
  double s = 0;
  for (int k = 0; k < n; ++k) s += a[k] * b[k];
  return s;
}

// A link whose tree has no velocity coordinates (welded to the world) cannot move: no side.
bool movable(const Model& model, int link) { return link >= 0 && model.treeNv(model.treeOf[size_t(link)]) > 0; }

}  // namespace

namespace {

// The row of the wrench fB applied to B and −fA to A (fA = fB unless the row acts at two points).
void setWrenchRow(const Model& model, Data& data, int linkA, const Force& fA, int linkB, const Force& fB,
                  ConstraintSet& set, ConstraintRow& row, double* scratch) {
  row.a = RowSide{};
  row.b = RowSide{};
  const bool moveA = movable(model, linkA), moveB = movable(model, linkB);
  const int treeA = moveA ? model.treeOf[size_t(linkA)] : -1;
  const int treeB = moveB ? model.treeOf[size_t(linkB)] : -1;
  if (moveB) {
    row.b = set.addSide(treeB, model.treeNv(treeB));
    accumulateLink(model, data, linkB, fB, set.jacobian(row.b), set.response(row.b), scratch);
  }
  if (moveA) {
    RowSide& side = (treeA == treeB) ? row.b : row.a;
    if (treeA != treeB) side = set.addSide(treeA, model.treeNv(treeA));
    accumulateLink(model, data, linkA, fA * -1.0, set.jacobian(side), set.response(side), scratch);
  }
  row.inverseMass = 0;
  for (const RowSide* s : {&row.a, &row.b})
    if (s->tree >= 0) row.inverseMass += sumOfProducts(set.jacobian(*s), set.response(*s), s->size);
}

}  // namespace

void setPointRow(const Model& model, Data& data, int linkA, int linkB, const Vec3& point, const Vec3& direction,
                 ConstraintSet& set, ConstraintRow& row, double* scratch) {
  const Force f{point.cross(direction), direction};
  setWrenchRow(model, data, linkA, f, linkB, f, set, row, scratch);
}

void setTwoPointRow(const Model& model, Data& data, int linkA, const Vec3& pointA, int linkB, const Vec3& pointB,
                    const Vec3& direction, ConstraintSet& set, ConstraintRow& row, double* scratch) {
  setWrenchRow(model, data, linkA, Force{pointA.cross(direction), direction}, linkB,
               Force{pointB.cross(direction), direction}, set, row, scratch);
}

void setPullRow(const Model& model, Data& data, int linkA, const Vec3& pointA, const Vec3& directionA, int linkB,
                const Vec3& pointB, const Vec3& directionB, ConstraintSet& set, ConstraintRow& row, double* scratch) {
  // setWrenchRow applies fB to B and −fA to A.
  setWrenchRow(model, data, linkA, Force{pointA.cross(-directionA), -directionA}, linkB,
               Force{pointB.cross(directionB), directionB}, set, row, scratch);
}

void setAngularRow(const Model& model, Data& data, int linkA, int linkB, const Vec3& axis, ConstraintSet& set,
                   ConstraintRow& row, double* scratch) {
  const Force torque{axis, Vec3::Zero()};
  setWrenchRow(model, data, linkA, torque, linkB, torque, set, row, scratch);
}

}  // namespace fw
