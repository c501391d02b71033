// A scene's `meta` (plots, sliders, questions) and `controller` are the page's and the library's:
// the core carries them without reading them (it only caps their size), and validateSceneMeta
// checks them, naming the JSON Pointer of each problem as the loader names its own. These are
// the cases the C++ loader's tests asserted while it still validated them.
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sceneMetaMessage, validateSceneMeta } from '../../web/src/scene/scene_meta';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const scenesDir = fileURLToPath(new URL('../../public/scenes/', import.meta.url));
const readScene = (name: string): Json => JSON.parse(readFileSync(`${scenesDir}${name}`, 'utf8'));
const pendulum = (): Json => readScene('pendulum.json');
const firstProblem = (scene: Json): string => sceneMetaMessage(scene);

describe('validateSceneMeta', () => {
  it('accepts the meta and controller of every shipped scene', () => {
    const files = readdirSync(scenesDir).filter((f) => f.endsWith('.json'));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) expect(validateSceneMeta(readScene(file)), file).toEqual([]);
  });

  it('names a slider that points at no number of the scene', () => {
    const scene = pendulum();
    scene.meta.sliders[0].path = '/articulations/0/links/0/joint/nothing';
    expect(firstProblem(scene)).toBe('/meta/sliders/0/path: must point at a number in this scene');
    // An index past any array (the C++ loader once had to catch the JSON library's out_of_range).
    scene.meta.sliders[0].path = '/articulations/99999999999999999999999';
    expect(firstProblem(scene)).toBe('/meta/sliders/0/path: must point at a number in this scene');
  });

  it("names a translation's slider labels that are not a list of strings", () => {
    const scene = pendulum();
    scene.meta.translations.de.sliders = ['Startwinkel', 3];
    expect(firstProblem(scene)).toMatch(/^\/meta\/translations\/de\/sliders\/1: /);
    scene.meta.translations.de.sliders = 'Startwinkel';
    expect(firstProblem(scene)).toMatch(/^\/meta\/translations\/de\/sliders: /);
    scene.meta.translations.de.sliders = ['Startwinkel', 'Masse der Kugel'];
    expect(validateSceneMeta(scene)).toEqual([]);
  });

  it('names a plot of an unknown joint', () => {
    const scene = pendulum();
    scene.meta.plots[1].joint = 'pendulum/elbow';
    expect(firstProblem(scene)).toMatch(/^\/meta\/plots\/1\/joint: no joint named "pendulum\/elbow"/);
  });

  it('names an effort slider of an unknown joint, or with an empty range', () => {
    const scene = pendulum();
    scene.meta.efforts = [{ joint: 'pendulum/rod', label: 'shoulder', min: -2, max: 2 }];
    expect(validateSceneMeta(scene)).toEqual([]);
    scene.meta.efforts[0].joint = 'pendulum/elbow';
    expect(firstProblem(scene)).toMatch(/^\/meta\/efforts\/0\/joint: no joint named "pendulum\/elbow"/);
    scene.meta.efforts[0] = { joint: 'pendulum/rod', label: 'shoulder', min: 2, max: 2 };
    expect(firstProblem(scene)).toBe('/meta/efforts/0/max: max must be larger than min');
  });

  it('names a question whose answer is not one of its choices', () => {
    const scene = pendulum();
    scene.meta.questions = [{ text: 'Which?', choices: ['a', 'b'], answer: 2 }];
    expect(firstProblem(scene)).toMatch(/^\/meta\/questions\/0\/answer: /);
  });

  it('names a question with one choice', () => {
    const scene = pendulum();
    scene.meta.questions = [{ text: 'Which?', choices: ['a'], answer: 0 }];
    expect(firstProblem(scene)).toBe('/meta/questions/0/choices: a question needs 2 to 6 choices');
  });

  it('names a controller whose period is not a whole number of steps', () => {
    const scene = pendulum(); // timestep 0.001 s
    scene.controller = { source: 'export function control() {}', rate: 300 };
    expect(firstProblem(scene)).toMatch(/^\/controller\/rate: a controller's period must be a whole number of time steps/);
    scene.controller.rate = 100;
    expect(validateSceneMeta(scene)).toEqual([]);
  });
});
