// Where validateSceneMeta (lib/scene_meta.ts) runs: before the engine on every scene the page
// loads (guard/scene_entry.ts) and in the library's createWorld, so a bad meta or controller is
// named by its JSON Pointer and the running scene stays. Also the checks scene_meta.test.ts
// leaves out: unknown fields, types, controller size in UTF-8 bytes, parameters.
import { describe, expect, it } from 'vitest';
import { sceneTextProblem } from '../../web/src/guard/scene_entry';
import { validateSceneMeta } from '../../web/src/scene/scene_meta';

const pendulum = () => ({
  format: 'featherweight-scene',
  version: 1,
  world: { timestep: 0.01 },
  articulations: [
    { name: 'arm', links: [{ name: 'rod', joint: { type: 'revolute', axis: [0, 1, 0], position: 0.3 }, shapes: [{ type: 'capsule', radius: 0.02, length: 1 }] }] },
  ],
});
const problemsOf = (extra: object) => validateSceneMeta({ ...pendulum(), ...extra });

describe('validateSceneMeta, further checks', () => {
  it('leaves what is not an object to the loader', () => {
    expect(validateSceneMeta(null)).toEqual([]);
    expect(validateSceneMeta([1, 2])).toEqual([]);
  });

  it('names unknown fields and wrong types', () => {
    expect(problemsOf({ meta: { titel: 'x' } })).toEqual([{ path: '/meta/titel', message: expect.stringMatching(/^unknown field \(expected one of: title, description, .*\bchallenge\b.*\)$/) }]);
    expect(problemsOf({ meta: { observe: ['a', 2] } })).toEqual([{ path: '/meta/observe/1', message: 'expected a string, got a number' }]);
    expect(problemsOf({ meta: [] })).toEqual([{ path: '/meta', message: 'expected an object, got an array' }]);
    expect(problemsOf({ meta: { plots: [{ quantity: 'speed' }] } })).toEqual([
      { path: '/meta/plots/0/quantity', message: '"speed" is not one of "energy", "momentum", "joint.q", "joint.qd", "body.position", "body.velocity"' },
    ]);
  });

  it('checks slider pointers, bounds and steps', () => {
    const slider = { label: 'q0', path: '/articulations/0/links/0/joint/position', min: -1, max: 1 };
    expect(problemsOf({ meta: { sliders: [slider] } })).toEqual([]);
    expect(problemsOf({ meta: { sliders: [{ ...slider, path: 'world/timestep' }] } })).toEqual([{ path: '/meta/sliders/0/path', message: 'not a JSON Pointer (RFC 6901)' }]);
    expect(problemsOf({ meta: { sliders: [{ ...slider, max: -1 }] } })).toEqual([{ path: '/meta/sliders/0/max', message: 'max must be larger than min' }]);
    expect(problemsOf({ meta: { sliders: [{ ...slider, step: -0.1 }] } })).toEqual([{ path: '/meta/sliders/0/step', message: 'must be positive, got -0.1' }]);
  });

  it('checks the controller: fields, source size in bytes, parameters', () => {
    const controller = { source: 'export function control() {}', rate: 50, parameters: { k: 2 } };
    expect(problemsOf({ controller })).toEqual([]);
    expect(problemsOf({ controller: { ...controller, source: 'é'.repeat(140_000) } })).toEqual([
      { path: '/controller/source', message: "the controller's source is 280000 bytes; at most 262144 are allowed" },
    ]);
    const many = Object.fromEntries(Array.from({ length: 65 }, (_, i) => [`p${i}`, i]));
    expect(problemsOf({ controller: { ...controller, parameters: many } })).toEqual([{ path: '/controller/parameters', message: 'a controller has at most 64 parameters' }]);
    expect(problemsOf({ controller: { ...controller, parameters: { 'a/b': 'x' } } })).toEqual([{ path: '/controller/parameters/a~1b', message: 'expected a number, got a string' }]);
    expect(problemsOf({ controller: { rate: 50 } })).toEqual([{ path: '/controller/source', message: 'required field is missing' }]);
  });
});

describe('the page checks meta before the engine', () => {
  it('answers "/path: message" for a bad meta, and leaves syntax errors to the loader', () => {
    const text = JSON.stringify({ ...pendulum(), meta: { sliders: [{ label: 's', path: '/nowhere', min: 0, max: 1 }] } });
    expect(sceneTextProblem(text)).toBe('/meta/sliders/0/path: must point at a number in this scene');
    expect(sceneTextProblem(JSON.stringify(pendulum()))).toBe('');
    expect(sceneTextProblem('{ not json')).toBe('');
  });
});
