#pragma once
// The products of a free body's side of a row, over its six coordinates: J·q̇ and q̇ += W λ,
// which every sweep makes, and W += D⁻¹ J, which builds the row. In WebAssembly they take two
// coordinates an instruction (f64x2, wasm's 128-bit SIMD: the files that call them are compiled
// with -msimd128 there). Elsewhere each sum is taken in the same order, so that these products
// are the same numbers in both builds.
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
  const double even = a[0] * b[0] + a[2] * b[2] + a[4] * b[4];
  const double odd = a[1] * b[1] + a[3] * b[3] + a[5] * b[5];
  return even + odd;
#endif
}

// out += w k, coordinate by coordinate (the same numbers in any width).
inline void addScaled6(double* out, const double* w, double k) {
#ifdef __wasm_simd128__
  const v128_t scale = wasm_f64x2_splat(k);
  for (int i = 0; i < 6; i += 2)
    wasm_v128_store(out + i, wasm_f64x2_add(wasm_v128_load(out + i), wasm_f64x2_mul(wasm_v128_load(w + i), scale)));
#else
  for (int i = 0; i < 6; ++i) out[i] += w[i] * k;
#endif
}

// out += M p for a 6 × 6 matrix M stored by columns; each entry summed over the columns in order.
inline void addProduct6(double* out, const double* M, const double* p) {
#ifdef __wasm_simd128__
  for (int i = 0; i < 6; i += 2) {
    v128_t sum = wasm_f64x2_mul(wasm_v128_load(M + i), wasm_f64x2_splat(p[0]));
    for (int k = 1; k < 6; ++k) sum = wasm_f64x2_add(sum, wasm_f64x2_mul(wasm_v128_load(M + 6 * k + i), wasm_f64x2_splat(p[k])));
    wasm_v128_store(out + i, wasm_f64x2_add(wasm_v128_load(out + i), sum));
  }
#else
  for (int i = 0; i < 6; ++i) {
    double sum = M[i] * p[0];
    for (int k = 1; k < 6; ++k) sum += M[6 * k + i] * p[k];
    out[i] += sum;
  }
#endif
}

}  // namespace fw
