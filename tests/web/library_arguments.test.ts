// Every public method of the library's World checks its arguments before anything reaches the
// module, and throws a TypeError (a value of the wrong kind) or a RangeError (the right kind, out
// of range) whose message names the argument and says what it takes; the world is unchanged.
import { beforeAll, describe, expect, it } from 'vitest';
import { type Engine, type World } from '../../lib/featherweight';
import { loadLibraryInNode, readScene } from './engine';

let engine: Engine;
beforeAll(async () => {
  engine = await loadLibraryInNode();
});

// The six-joint arm with its servos, balls and block (free bodies: 7 and 6), the ground and its base
// (static: welded to the world): nq = 34, nv = 30, 12 bodies.
const armWorld = (): World => engine.createWorld(readScene('robot-arm-6.json'));
const any = (value: unknown) => value as never; // a value TypeScript would refuse, as JavaScript may pass it

/** Expects `call` to throw `kind` with a message matching `message`. */
function throws(call: () => unknown, kind: typeof TypeError | typeof RangeError, message: RegExp): void {
  let thrown: unknown;
  try {
    call();
  } catch (error) {
    thrown = error;
  }
  expect(thrown, String(message)).toBeInstanceOf(kind);
  expect((thrown as Error).message).toMatch(message);
}

describe('the library checks its arguments', () => {
  it('step(n): a whole number ≥ 0', () => {
    const world = armWorld();
    for (const bad of [-1, 1.5, NaN, Infinity]) throws(() => world.step(bad), RangeError, /^step\(n\) takes a whole number of steps/);
    expect(world.time).toBe(0);
    world.step(0);
    world.step(2);
    expect(world.time).toBe(2 * world.timestep);
    world.dispose();
  });

  it('jacobian(body, point): a body that exists and a point of 3 finite numbers', () => {
    const world = armWorld();
    throws(() => world.jacobian('arm/scoop', any([0, 0])), RangeError, /jacobian: the point \(x, y, z in the body frame\) has length 2; it needs 3 numbers/);
    throws(() => world.jacobian('arm/scoop', any([0, 0, 0, 0])), RangeError, /has length 4; it needs 3 numbers/);
    throws(() => world.jacobian('arm/scoop', [0, NaN, 0]), RangeError, /point .*\[1\] is NaN, not a finite number/);
    throws(() => world.jacobian('arm/scoop', any([0, '1', 0])), TypeError, /\[1\] is '1', not a finite number/);
    throws(() => world.jacobian('arm/scoop', any('0 0 1')), TypeError, /the point .* must be an array of 3 numbers, got '0 0 1'/);
    throws(() => world.jacobian('arm/nothing'), RangeError, /^no body named 'arm\/nothing' \(there are: (?=.*arm\/turret)(?=.*arm\/scoop)(?=.*ball0)/);
    throws(() => world.jacobian(world.bodies.length), RangeError, /jacobian\(body\): the body index must be a whole number from 0 to 11, got 12/);
    throws(() => world.jacobian(-1), RangeError, /the body index .* got -1/);
    throws(() => world.jacobian(1.5), RangeError, /the body index .* got 1.5/);
    throws(() => world.jacobian(any(null)), TypeError, /jacobian\(body\) \(or a body index\) must be a name \(a string\), got null/);
    const J = world.jacobian('arm/scoop', [0, 0, 0.1]);
    expect(world.jacobian(world.bodies.indexOf('arm/scoop'), [0, 0, 0.1]).data).toEqual(J.data); // by index too
    throws(() => J.get(6, 0), RangeError, /get\(row, col\): row must be a whole number from 0 to 5, got 6/);
    throws(() => J.get(0, world.nv), RangeError, /col must be a whole number from 0 to 29, got 30/);
    world.dispose();
  });

  it('massMatrix().get(i, j): inside the matrix', () => {
    const world = engine.createWorld(readScene('double-pendulum.json'));
    const H = world.massMatrix();
    expect(H.get(1, 0)).toBe(H.get(0, 1));
    throws(() => H.get(7, 0), RangeError, /get\(row, col\): row must be a whole number from 0 to 1, got 7/);
    throws(() => H.get(0, -1), RangeError, /col .* got -1/);
    throws(() => H.get(0.5, 0), RangeError, /row .* got 0.5/);
    throws(() => H.get(any('0'), 0), TypeError, /row must be a whole number from 0 to 1, got '0'/);
    world.dispose();
  });

  it('bodyPose(body): a name in world.bodies or an index into it', () => {
    const world = armWorld();
    throws(() => world.bodyPose('floor'), RangeError, /^no body named 'floor' \(there are: (?=.*ground)(?=.*arm\/scoop)/);
    throws(() => world.bodyPose(world.bodies.length), RangeError, /bodyPose\(body\): the body index/);
    throws(() => world.bodyPose(any({})), TypeError, /bodyPose\(body\) \(or a body index\) must be a name \(a string\), got object/);
    expect(world.bodyPose(3)).toEqual(world.bodyPose(world.bodies[3]));
    world.dispose();
  });

  it('the model queries: τ and q̈ of nv finite numbers, a state of q (nq) and qd (nv)', () => {
    const world = armWorld();
    const q = world.q.slice(), qd = world.qd.slice(), tau = new Float64Array(world.nv);
    throws(() => world.forwardDynamics([1, 2]), RangeError, /^forwardDynamics: τ has length 2; it needs 30 numbers \(nv = 30\)$/);
    throws(() => world.forwardDynamics(any(undefined)), TypeError, /forwardDynamics: τ must be an array of 30 numbers \(nv = 30\), got undefined/);
    throws(() => world.forwardDynamics(any(3)), TypeError, /τ must be an array .* got 3/);
    throws(() => world.forwardDynamics(tau.map((_, i) => (i === 4 ? Infinity : 0))), RangeError, /τ\[4\] is Infinity, not a finite number/);
    throws(() => world.inverseDynamics(new Float64Array(world.nq)), RangeError, /^inverseDynamics: q̈ has length 34; it needs 30 numbers \(nv = 30\)$/);
    throws(() => world.forwardDynamics(tau, { q: world.qd }), RangeError, /forwardDynamics: the state's q has length 30; it needs 34 numbers \(nq = 34\)/);
    throws(() => world.forwardDynamics(tau, { q, qd: q }), RangeError, /the state's qd has length 34; it needs 30 numbers \(nv = 30\)/);
    throws(() => world.forwardDynamics(tau, any({ q, v: qd })), RangeError, /forwardDynamics: the state takes q, qd, not 'v'/);
    throws(() => world.forwardDynamics(tau, any(q)), TypeError, /the state must be an object with q, qd, got object/);
    throws(() => world.massMatrix(any({ q: [1] })), RangeError, /^massMatrix: the state's q has length 1; it needs 34 numbers \(nq = 34\)$/);
    throws(() => world.gravityTorques(any({ qd: [NaN] })), RangeError, /gravityTorques: the state's qd has length 1; it needs 30 numbers/);
    const nanQ = q.slice();
    nanQ[3] = NaN;
    throws(() => world.inverseDynamics(tau, { q: nanQ }), RangeError, /inverseDynamics: the state's q\[3\] is NaN, not a finite number/);
    // Nothing of it reached the world.
    expect(Array.from(world.q)).toEqual(Array.from(q));
    expect(Array.from(world.qd)).toEqual(Array.from(qd));
    world.step(10);
    expect(world.error).toBe('');
    world.dispose();
  });

  it('joints, efforts and motors: names that exist, finite values, a 1-DoF joint for setEffort', () => {
    const world = armWorld();
    throws(() => world.joint('arm/nothing'), RangeError, /^no joint named 'arm\/nothing' \(there are: (?=.*arm\/elbow)(?=.*ball0)/);
    throws(() => world.joint(any(2)), TypeError, /joint\(name\) must be a name \(a string\), got 2/);
    throws(() => world.setEffort('arm/nothing', 1), RangeError, /no joint named 'arm\/nothing'/);
    throws(() => world.setEffort('ball0', 1), RangeError, /setEffort: 'ball0' is a free joint with 6 velocity coordinates, not 1; write world\.tau\[\d+ … \d+\) instead/);
    throws(() => world.setEffort('arm/elbow', NaN), RangeError, /the effort for 'arm\/elbow' is NaN, not a finite number/);
    throws(() => world.setEffort('arm/elbow', any('1')), TypeError, /the effort for 'arm\/elbow' is '1', not a finite number/);
    throws(() => world.setMotorTarget('ball0', 0), RangeError, /the joint 'ball0' has no motor \(joints with one: (?=.*arm\/turret)(?!.*ball)/);
    throws(() => world.setMotorTarget('arm/nothing', 0), RangeError, /no joint named 'arm\/nothing'/);
    throws(() => world.setMotorTarget('arm/elbow', 0, Infinity), RangeError, /the motor target velocity for 'arm\/elbow' is Infinity/);
    expect(Array.from(world.tau).every((x) => x === 0)).toBe(true);
    world.setEffort('arm/elbow', 2);
    expect(world.tau[world.joint('arm/elbow').vIndex]).toBe(2);
    world.setMotorTarget('arm/elbow', 0.3);
    world.dispose();
  });

  it('scenes, controllers and ticks: of the kinds they take', async () => {
    throws(() => engine.createWorld(any(42)), TypeError, /createWorld\(scene\) must be scene JSON text or a scene object, got 42/);
    const world = engine.createWorld(readScene('cart-pole-swing-up.json'));
    throws(() => world.updateScene(any(null)), TypeError, /updateScene\(scene\) must be scene JSON text or a scene object, got null/);
    await expect(world.enableController(any({ slider: {} }))).rejects.toThrow(/enableController\(options\) takes sliders, parameters, load, not 'slider'/);
    await expect(world.enableController({ parameters: { gain: NaN } })).rejects.toThrow(/enableController: options\.parameters\.gain is NaN, not a finite number/);
    await expect(world.enableController({ sliders: any([1]) })).rejects.toThrow(TypeError);
    await world.enableController();
    const state = { t: 0, q: world.q.slice(), qd: world.qd.slice(), contacts: [] };
    throws(() => world.tickAt({ ...state, q: [0] }), RangeError, /tickAt: state\.q has length 1; it needs 2 numbers \(nq = 2\)/);
    throws(() => world.tickAt({ ...state, t: NaN }), RangeError, /tickAt: state\.t is NaN/);
    throws(() => world.tickAt(any({ ...state, contacts: undefined })), TypeError, /tickAt: state\.contacts must be an array/);
    expect(world.tickAt(state).commands.length).toBeGreaterThan(0);
    world.dispose();
  });
});
