// Control design for controllers: the linearisation of the scene's own model about a
// set point, and the discrete-time LQR gain for it — what a control course does in MATLAB or
// python-control, here as ctx.design so a controller can design itself at its first tick. Plain
// JavaScript on small dense matrices (arrays of rows); the same code in the page's worker and in
// Node, so the same gains to the last bit.

export type Rows = number[][];

/**
 * ẋ ≈ A x + B u about (q*, q̇*, u = 0), x = (q − q*, q̇ − q̇*), u the efforts of the chosen velocity
 * indices: central differences of q̈ = FD(q, q̇, τ) with step `eps`, B exact (q̈ is affine in τ).
 */
export function linearize(
  forward: (tau: ArrayLike<number>, q: ArrayLike<number>, qd: ArrayLike<number>) => ArrayLike<number>,
  q: ArrayLike<number>,
  qd: ArrayLike<number>,
  inputs: number[],
  eps = 1e-6,
): { A: Rows; B: Rows } {
  const n = q.length;
  if (qd.length !== n) throw new Error(`linearize needs nq = nv (here ${n} and ${qd.length}): joints with quaternions are not supported`);
  const zero = new Array<number>(n).fill(0);
  const A = zeros(2 * n, 2 * n), B = zeros(2 * n, inputs.length);
  for (let i = 0; i < n; i++) A[i][n + i] = 1;
  for (let j = 0; j < 2 * n; j++) {
    const plus = [...Array.from(q), ...Array.from(qd)], minus = plus.slice();
    plus[j] += eps;
    minus[j] -= eps;
    const up = forward(zero, plus.slice(0, n), plus.slice(n)), down = forward(zero, minus.slice(0, n), minus.slice(n));
    for (let i = 0; i < n; i++) A[n + i][j] = (up[i] - down[i]) / (2 * eps);
  }
  const rest = forward(zero, q, qd);
  inputs.forEach((input, k) => {
    const tau = zero.slice();
    tau[input] = 1;
    const pushed = forward(tau, q, qd);
    for (let i = 0; i < n; i++) B[n + i][k] = pushed[i] - rest[i];
  });
  return { A, B };
}

/**
 * The discrete LQR for ẋ = A x + B u held over periods of dt (x⁺ = (I + A dt) x + B dt u): the
 * gain K of u = −K x minimising Σ xᵀQx + uᵀRu, and P, the cost-to-go xᵀPx. P is the fixed point of
 * the Riccati iteration P = Q + AᵀPA − AᵀPB (R + BᵀPB)⁻¹ BᵀPA.
 */
export function lqr(A: Rows, B: Rows, Q: Rows, R: Rows, dt: number): { K: Rows; P: Rows } {
  const Ad = add(identity(A.length), scale(A, dt)), Bd = scale(B, dt);
  let P = Q.map((row) => row.slice());
  let K = zeros(B[0].length, A.length);
  for (let iteration = 0; iteration < 100_000; iteration++) {
    const BtP = mul(transpose(Bd), P);
    K = mul(inverse(add(R, mul(BtP, Bd))), mul(BtP, Ad));
    const next = add(Q, sub(mul(mul(transpose(Ad), P), Ad), mul(mul(transpose(Ad), mul(P, Bd)), K)));
    let change = 0, size = 0;
    next.forEach((row, i) => row.forEach((v, j) => ((change = Math.max(change, Math.abs(v - P[i][j]))), (size = Math.max(size, Math.abs(v))))));
    P = next;
    if (change <= 1e-12 * size) return { K, P };
  }
  throw new Error('lqr: the Riccati iteration did not converge (is (A, B) stabilisable?)');
}

export function zeros(rows: number, cols: number): Rows {
  return Array.from({ length: rows }, () => new Array<number>(cols).fill(0));
}
export function identity(n: number): Rows {
  return diagonal(new Array<number>(n).fill(1));
}
export function diagonal(values: number[]): Rows {
  const m = zeros(values.length, values.length);
  values.forEach((v, i) => (m[i][i] = v));
  return m;
}
export function transpose(m: Rows): Rows {
  return m[0].map((_, j) => m.map((row) => row[j]));
}
export function mul(a: Rows, b: Rows): Rows {
  return a.map((row) => b[0].map((_, j) => row.reduce((sum, v, k) => sum + v * b[k][j], 0)));
}
export function add(a: Rows, b: Rows): Rows {
  return a.map((row, i) => row.map((v, j) => v + b[i][j]));
}
export function sub(a: Rows, b: Rows): Rows {
  return a.map((row, i) => row.map((v, j) => v - b[i][j]));
}
export function scale(a: Rows, s: number): Rows {
  return a.map((row) => row.map((v) => v * s));
}
/** Gauss–Jordan with partial pivoting (the small matrices of a design). */
export function inverse(m: Rows): Rows {
  const n = m.length;
  const a = m.map((row, i) => [...row, ...identity(n)[i]]);
  for (let c = 0; c < n; c++) {
    let pivot = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(a[r][c]) > Math.abs(a[pivot][c])) pivot = r;
    if (a[pivot][c] === 0) throw new Error('inverse: the matrix is singular');
    [a[c], a[pivot]] = [a[pivot], a[c]];
    const p = a[c][c];
    for (let k = 0; k < 2 * n; k++) a[c][k] /= p;
    for (let r = 0; r < n; r++) {
      if (r === c || a[r][c] === 0) continue;
      const f = a[r][c];
      for (let k = 0; k < 2 * n; k++) a[r][k] -= f * a[c][k];
    }
  }
  return a.map((row) => row.slice(n));
}
