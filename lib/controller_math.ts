// The Math a controller sees: JavaScript's own, except that every function the standard
// leaves approximate (sin, cos, atan2, exp, log, pow, …) is the engine module's libm instead. The
// same control law then computes the same last bit in every browser and in Node, so a run in the
// page and one in Node are the same motion bit for bit; V8 versions differ in Math.atan2's last bit.
// The exact ones (sqrt, abs, floor, min, max, fround, …) and the constants stay JavaScript's.
// The exponent operator ** cannot be replaced: a controller that must agree everywhere writes
// Math.pow (or x * x).
import type { FeatherweightModule } from 'featherweight-wasm/featherweight.js';

const UNARY = [
  'sin', 'cos', 'tan', 'asin', 'acos', 'atan', 'sinh', 'cosh', 'tanh', 'asinh', 'acosh', 'atanh',
  'exp', 'expm1', 'log', 'log1p', 'log2', 'log10', 'cbrt',
] as const;

export function controllerMath(module: FeatherweightModule): Math {
  const math: Record<string, unknown> = {};
  for (const name of Object.getOwnPropertyNames(Math)) math[name] = (Math as unknown as Record<string, unknown>)[name];
  for (const name of UNARY) {
    const f = module[`math${name[0].toUpperCase()}${name.slice(1)}` as `math${Capitalize<(typeof UNARY)[number]>}`];
    math[name] = (x: number) => f(+x);
  }
  math.atan2 = (y: number, x: number) => module.mathAtan2(+y, +x);
  math.pow = (x: number, y: number) => module.mathPow(+x, +y);
  // hypot(a, b, c, …) as libm's two-argument hypot folded left (JavaScript's has no fixed rounding either).
  math.hypot = (...values: number[]) => values.reduce((sum: number, v) => module.mathHypot(sum, +v), 0);
  return Object.freeze(math) as unknown as Math;
}
