// A type test, checked by `npm run lint` (tsc): the module's generated declarations
// (wasm_bindings/featherweight.generated.d.ts, from wasm_bindings/interface.mjs) against what
// wasm_bindings/bindings.cpp registers (tests/web/bindings_cpp.generated.ts, read from the C++
// source). A method declared and not bound, bound and not declared, or with other parameter or
// result types fails the lint before any build; tests/web/bindings.test.ts checks the built module.
import type { Simulation } from 'featherweight-wasm/featherweight.js';
import type { BoundMethods, BoundSimulation, UnparsedMethods } from './bindings_cpp.generated';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
/** Each method as [parameter types, result type] (parameter names aside). */
type Signatures<T> = { [K in keyof T]: T[K] extends (...args: infer P) => infer R ? [P, R] : never };

type Declared = Omit<Simulation, 'delete'>; // delete() is embind's own
type Checked = Exclude<BoundMethods, UnparsedMethods>;

export const namesAgree: Equal<keyof Declared, BoundMethods> = true;
export const signaturesAgree: Equal<Signatures<Pick<Declared, Checked>>, Signatures<Pick<BoundSimulation, Checked>>> = true;
