#pragma once
// The products of a free body's side of a row, over its six coordinates: J·q̇ and q̇ += W λ,
// which every sweep makes, and W += D⁻¹ J, which builds the row. In WebAssembly they take two
// coordinates an instruction (f64x2, wasm's 128-bit SIMD: the files that call them are compiled
// with -msimd128 there), which Eigen does not do for wasm; natively Eigen vectorizes them itself.
#include "spatial/types.h"

#ifdef __wasm_simd128__
#include <wasm_simd128.h>
#endif

namespace fw {

inline double dot6(const double* a, const double* b) {
#ifdef __wasm_simd128__
  v128_t sum = wasm_f64x2_mul(wasm_v128_load(a), wasm_v128_load(b));
  sum = wasm_f64x2_add(sum, wasm_f64x2_mul(wasm_v128_load(a + 2), wasm_v128_load(b + 2)));
  sum = wasm_f64x2_add(sum, wasm_f64x2_mul(wasm_v128_load(a + 4), wasm_v128_load(b + 4)));
  return wasm_f64x2_extract_lane(sum, 0) + wasm_f64x2_extract_lane(sum, 1);
#else
  return Eigen::Map<const Vec6>(a).dot(Eigen::Map<const Vec6>(b));
#endif
}

// out += w k.
inline void addScaled6(double* out, const double* w, double k) {
#ifdef __wasm_simd128__
  const v128_t scale = wasm_f64x2_splat(k);
  for (int i = 0; i < 6; i += 2)
    wasm_v128_store(out + i, wasm_f64x2_add(wasm_v128_load(out + i), wasm_f64x2_mul(wasm_v128_load(w + i), scale)));
#else
  Eigen::Map<Vec6>(out) += k * Eigen::Map<const Vec6>(w);
#endif
}

// out += M p for a 6 × 6 matrix M (stored by columns, as Eigen does).
inline void addProduct6(double* out, const Mat6& M, const Vec6& p) {
#ifdef __wasm_simd128__
  const double* m = M.data();
  for (int i = 0; i < 6; i += 2) {
    v128_t sum = wasm_f64x2_mul(wasm_v128_load(m + i), wasm_f64x2_splat(p[0]));
    for (int k = 1; k < 6; ++k) sum = wasm_f64x2_add(sum, wasm_f64x2_mul(wasm_v128_load(m + 6 * k + i), wasm_f64x2_splat(p[k])));
    wasm_v128_store(out + i, wasm_f64x2_add(wasm_v128_load(out + i), sum));
  }
#else
  Eigen::Map<Vec6>(out) += M * p;
#endif
}

}  // namespace fw
