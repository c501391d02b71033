// The script run in a fresh QuickJS context before a controller's module: it closes what a
// controller must not reach (each such reach fails the submission, even inside a try), makes Math
// the page's deterministic one (lib/controller_math.ts: the approximate functions call the engine
// module's libm on the host), and builds the ctx that control(ctx) sees, as lib/world.ts's
// makeContext does, each method a call to the host's own ctx. It evaluates to a function of the
// host object, which returns start(namespace) → tick(t, qBytes, qdBytes, parameters, sliders).

/** Globals that reach out (network, files, processes, timers): touching one is a violation. */
export const FORBIDDEN_GLOBALS = [
  'fetch', 'XMLHttpRequest', 'WebSocket', 'WebTransport', 'EventSource', 'Request', 'Response', 'Headers',
  'require', 'process', 'module', 'exports', 'Buffer', 'global', 'importScripts', 'Worker', 'SharedWorker',
  'navigator', 'location', 'indexedDB', 'caches', 'BroadcastChannel', 'Deno', 'Bun', 'std', 'os',
  'setTimeout', 'setInterval', 'setImmediate', 'queueMicrotask', 'performance',
] as const;

export const SANDBOX_PRELUDE = `(function (host) {
  'use strict';
  const g = globalThis;
  const violation = (what) => function () { return host.violation(what); };
  for (const name of ${JSON.stringify(FORBIDDEN_GLOBALS)}) {
    const trap = violation(name);
    Object.defineProperty(g, name, { get: trap, set: trap, configurable: false, enumerable: false });
  }
  // Code from strings (eval, Function, and the constructors every function's prototype reaches).
  const code = violation('code built from a string (eval, Function)');
  Object.defineProperty(code, 'prototype', { value: Function.prototype });
  for (const f of [function () {}, function* () {}, async function () {}, async function* () {}])
    Object.defineProperty(Object.getPrototypeOf(f), 'constructor', { value: code, writable: false, configurable: false });
  Object.defineProperty(g, 'Function', { value: code, writable: false, configurable: false });
  Object.defineProperty(g, 'eval', { value: code, writable: false, configurable: false });
  const quiet = () => undefined;
  g.console = Object.freeze({ log: quiet, info: quiet, warn: quiet, error: quiet, debug: quiet, trace: quiet });

  const math = {};
  for (const name of Object.getOwnPropertyNames(Math)) math[name] = Math[name];
  for (const name of Object.keys(host.math)) { const f = host.math[name]; math[name] = (x) => f(+x); }
  math.atan2 = (y, x) => host.atan2(+y, +x);
  math.pow = (x, y) => host.pow(+x, +y);
  math.hypot = (...values) => values.reduce((sum, v) => host.hypot(sum, +v), 0);
  Object.defineProperty(g, 'Math', { value: Object.freeze(math), writable: false, configurable: false });

  const index = (i, n, what) => {
    if (!Number.isInteger(i) || i < 0 || i >= n) throw new RangeError('get(row, col): ' + what + ' must be a whole number from 0 to ' + (n - 1) + ', got ' + String(i));
    return i;
  };
  const matrix = (m) => {
    const { rows, cols, data } = m;
    return { rows, cols, data, get: (r, c) => data[index(r, rows, 'row') * cols + index(c, cols, 'col')] };
  };
  const queries = (state) => ({
    massMatrix: () => matrix(host.query('massMatrix', state)),
    inverseDynamics: (qdd) => host.query('inverseDynamics', state, qdd),
    forwardDynamics: (tau, at) => host.query('forwardDynamics', state, tau, at),
    gravityTorques: () => host.query('gravityTorques', state),
    jacobian: (body, point) => matrix(host.query('jacobian', state, body, point)),
    bodyPose: (name) => host.query('bodyPose', state, name),
  });
  const contacts = () => host.contacts();

  return function start(namespace) {
    const control = namespace.control;
    let ctx = null;
    return function tick(t, qBytes, qdBytes, parameters, sliders, dt) {
      if (ctx === null) ctx = {
        t, dt, q: null, qd: null,
        joint: (name) => host.joint(name),
        bodyPose: (name) => host.bodyPose(name),
        contacts,
        model: { ...queries(undefined), at: (state) => queries(state) },
        design: {
          linearize: (inputs, at) => host.linearize(inputs, at),
          lqr: (A, B, Q, R) => host.lqr(A, B, Q, R),
        },
        parameters, sliders,
        setEffort: (joint, value) => { host.setEffort(joint, value); },
        setMotorTarget: (joint, position, velocity) => { host.setMotorTarget(joint, position, velocity); },
      };
      ctx.t = t;
      ctx.q = new Float64Array(qBytes);
      ctx.qd = new Float64Array(qdBytes);
      ctx.contacts = contacts;
      const returned = control(ctx);
      // The first 16 entries (as lib/controller.ts's signalsOf takes them), numbers only, flat.
      const flat = [];
      if (returned && typeof returned === 'object')
        for (const [name, value] of Object.entries(returned).slice(0, 16)) if (typeof value === 'number') flat.push(name, value);
      return flat;
    };
  };
})`;
