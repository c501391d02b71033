// The gallery as a teacher meets it: every entry under a topic and a level, in the order the scene
// list shows them; every scene described in plain words (methods and their authors only under
// "How it is computed"), with a German title, description and method; and the school scenes
// behave as the textbook says (projectile, pendula, springs, Atwood machine, air track, circle).
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Engine, type World } from '../../lib/featherweight';
import { LEVELS, TOPICS } from '../../web/src/picker/gallery_topics';
import { galleryOrder } from '../../web/src/picker/scene_picker';
import type { SceneEntry } from '../../web/src/scene/scene_source';
import { loadLibraryInNode, readScene, repoPath } from './engine';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const gallery = JSON.parse(readFileSync(repoPath('public/gallery.json'), 'utf8')) as SceneEntry[];
const sceneEntries = gallery.filter((entry) => entry.file.endsWith('.json'));
const G = 9.81;

// Names of algorithms, integrators, solvers and the papers' authors: they belong in meta.method.
const METHOD_WORDS = [
  'Featherstone', 'ABA', 'CRBA', 'RNEA', 'Runge', 'Kutta', 'Dormand', 'Prince', 'RK4', 'RK45', 'Catto', 'Baumgarte',
  'Wawrzyński', 'Wawrzynski', 'LCP', 'PGS', 'Sequential impulse', 'Holck', 'Cloutier', 'Bender', 'Radowitz', 'Spong',
  'Bogdanov', 'Barto', 'Sutton', 'Åström', 'Furuta', 'Tedrake', 'LQR', 'articulated-body', 'composite-rigid-body',
  'Articulated-Body', 'Composite-Rigid-Body', 'Newton–Euler', 'Newton-Euler', 'semi-implicit', 'semi-implizit',
  'split impulse', 'Split-Impulse', 'warm-started', 'bisection', 'Bisektion',
];
const wordPattern = new RegExp(`(^|[^\\p{L}])(${METHOD_WORDS.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})(?![\\p{L}])`, 'iu');

describe('the gallery catalogue', () => {
  it('gives every entry one topic and one level from the allowed sets, and a German title', () => {
    expect(gallery.length).toBeGreaterThanOrEqual(58);
    for (const entry of gallery) {
      expect(TOPICS, entry.file).toContain(entry.topic);
      expect(LEVELS, entry.file).toContain(entry.level);
      expect(entry.titles?.de, entry.file).toBeTruthy();
      expect(entry.titles?.de, entry.file).not.toBe(entry.title);
    }
    // Every topic has scenes, and school scenes are there to find in most of them.
    for (const topic of TOPICS) expect(gallery.some((entry) => entry.topic === topic), topic).toBe(true);
    const schoolTopics = new Set(gallery.filter((entry) => entry.level === 'school').map((entry) => entry.topic));
    expect(schoolTopics.size).toBeGreaterThanOrEqual(5);
  });

  it('lists the entries in the order the scene list shows them: by topic, school first', () => {
    expect(gallery.map((entry) => entry.file)).toEqual(galleryOrder(gallery).map((entry) => entry.file));
    // Within a topic no university scene comes before a school one.
    for (const topic of TOPICS) {
      const levels = gallery.filter((entry) => entry.topic === topic && entry.shelf === undefined).map((entry) => entry.level);
      expect(levels, topic).toEqual([...levels].sort((a, b) => LEVELS.indexOf(a as never) - LEVELS.indexOf(b as never)));
    }
  });

  it('names each scene as its own meta does, in English and in German', () => {
    for (const { file, title, titles } of sceneEntries) {
      const meta = readScene(file).meta as Json;
      expect(meta.title, file).toBe(title);
      expect(meta.translations?.de?.title, file).toBe(titles?.de);
    }
  });

  it('describes every scene in plain words: method names only under "How it is computed"', () => {
    for (const { file } of sceneEntries) {
      const meta = readScene(file).meta as Json;
      const de = meta.translations?.de as Json | undefined;
      for (const [where, text] of [
        ['title', meta.title],
        ['description', meta.description],
        ['de.title', de?.title],
        ['de.description', de?.description],
      ] as const) {
        expect(typeof text === 'string' && text.length > 0, `${file}: ${where}`).toBe(true);
        expect(wordPattern.exec(text as string)?.[2], `${file}: ${where} names a method`).toBeUndefined();
      }
      expect(meta.method, `${file}: method`).toMatch(/\S{3,}/);
      expect(de?.method, `${file}: de.method`).toMatch(/\S{3,}/);
    }
  });

  it('translates every scene into German entry by entry, and the German reads as German', () => {
    for (const { file } of sceneEntries) {
      const meta = readScene(file).meta as Json;
      const de = meta.translations.de as Json;
      expect(de.description, file).not.toBe(meta.description);
      // Common German words, and no English left over in the description.
      expect(de.description, file).toMatch(/\b(der|die|das|und|ein|eine|mit|sich)\b/);
      expect(de.description, file).not.toMatch(/\b(the|and|with|which)\b/);
      expect(de.observe?.length ?? 0, `${file}: observe`).toBe(meta.observe?.length ?? 0);
      expect(de.questions?.length ?? 0, `${file}: questions`).toBe(meta.questions?.length ?? 0);
      (de.questions ?? []).forEach((question: Json, i: number) => expect(question.choices.length, `${file}: question ${i}`).toBe(meta.questions[i].choices.length));
    }
  });

  it('labels every slider in German too, one label per slider, none left as the English', () => {
    const withSliders = sceneEntries.filter(({ file }) => ((readScene(file).meta as Json).sliders ?? []).length > 0);
    expect(withSliders.length).toBeGreaterThan(20);
    for (const { file } of withSliders) {
      const meta = readScene(file).meta as Json;
      const labels = meta.translations.de.sliders as unknown;
      expect(Array.isArray(labels), `${file}: translations.de.sliders`).toBe(true);
      expect((labels as string[]).length, `${file}: translations.de.sliders`).toBe(meta.sliders.length);
      (labels as string[]).forEach((label, i) => {
        expect(label.trim(), `${file}: slider ${i}`).not.toBe('');
        // The unit stays in the slider's own "unit"; a label the same as the English is untranslated
        // (a symbol alone, like "Kp", may read the same in both).
        expect(label, `${file}: slider ${i}`).not.toMatch(/\[[^\]]*\]$/);
        if (/[a-z]{4}/.test(meta.sliders[i].label)) expect(label, `${file}: slider ${i}`).not.toBe(meta.sliders[i].label);
      });
    }
  });
});

// --- The new school scenes, run in the engine -------------------------------------------------

const NEW_SCHOOL_SCENES = ['projectile-drag.json', 'pendulum-lengths.json', 'spring-mass.json', 'atwood.json', 'air-track.json', 'circular-motion.json'];

let engine: Engine;

const open = (file: string, edit?: (scene: Json) => void): World => {
  const scene = readScene(file) as Json;
  edit?.(scene);
  return engine.createWorld(scene);
};
const bodyIndex = (world: World, name: string): number => world.bodies.indexOf(name);
const position = (world: World, name: string) => world.bodyPose(name).position;
const velocity = (world: World, name: string) => world.linearVelocity(bodyIndex(world, name));
/** Steps until `time` (within half a step). */
const runTo = (world: World, time: number) => {
  while (world.time < time - world.timestep / 2) world.step(1);
};
/** The times a joint's q falls through `level` (linearly interpolated between steps), over `duration`. */
function downCrossings(world: World, joint: string, level: number, duration: number): number[] {
  const index = world.joint(joint).qIndex;
  const times: number[] = [];
  let before = world.q[index] - level;
  while (world.time < duration) {
    const t0 = world.time;
    world.step(1);
    const now = world.q[index] - level;
    if (before > 0 && now <= 0) times.push(t0 + ((world.time - t0) * before) / (before - now));
    before = now;
  }
  return times;
}
const meanPeriod = (crossings: number[]) => (crossings.at(-1)! - crossings[0]) / (crossings.length - 1);

describe('the new school scenes', () => {
  beforeAll(async () => {
    engine = await loadLibraryInNode();
  });

  it('are school scenes of the gallery, with plots, sliders, a question and what to observe', () => {
    for (const file of NEW_SCHOOL_SCENES) {
      const entry = gallery.find((e) => e.file === file);
      expect(entry?.level, file).toBe('school');
      const meta = readScene(file).meta as Json;
      for (const key of ['plots', 'sliders', 'questions', 'observe']) expect(meta[key]?.length, `${file}: ${key}`).toBeGreaterThan(0);
    }
  });

  it('projectile: without drag the parabola of the textbook; with drag it climbs less and lands shorter', () => {
    const world = open('projectile-drag.json');
    const [x0, , z0] = position(world, 'no-drag');
    const [vx, , vz] = velocity(world, 'no-drag');
    const t = 1;
    runTo(world, t);
    const free = position(world, 'no-drag');
    expect(free[0] - x0).toBeCloseTo(vx * t, 3);
    expect(free[2] - z0).toBeCloseTo(vz * t - (G * t * t) / 2, 3);
    // With drag: behind and below at the same moment, and slower forwards.
    const dragged = position(world, 'with-drag');
    expect(dragged[0]).toBeLessThan(free[0] - 0.5);
    expect(dragged[2]).toBeLessThan(free[2] - 0.1);
    expect(velocity(world, 'with-drag')[0]).toBeLessThan(vx * 0.8);
    // Where each comes back down through the launch height: the parabola's range v²·sin 2θ / g, and shorter with drag.
    const rangeAt = (name: string) => {
      const w = open('projectile-drag.json');
      let previous = position(w, name);
      while (w.time < 3) {
        w.step(1);
        const now = position(w, name);
        if (previous[2] > z0 && now[2] <= z0 && w.time > 0.1) return previous[0] + ((now[0] - previous[0]) * (previous[2] - z0)) / (previous[2] - now[2]) - x0;
        previous = now;
      }
      return NaN;
    };
    expect(rangeAt('no-drag')).toBeCloseTo((2 * vx * vz) / G, 2);
    expect(rangeAt('with-drag')).toBeLessThan(0.85 * rangeAt('no-drag'));
  });

  it('pendulum lengths: the periods follow 2π√(L/g) and are ordered by length, 1 : 2 : 3', () => {
    const periods = ['short', 'middle', 'long'].map((name) => meanPeriod(downCrossings(open('pendulum-lengths.json'), `${name}/rod`, 0, 12.5)));
    [0.25, 1, 2.25].forEach((length, i) => expect(Math.abs(periods[i] / (2 * Math.PI * Math.sqrt(length / G)) - 1), `L = ${length}`).toBeLessThan(0.003));
    expect(periods[0]).toBeLessThan(periods[1]);
    expect(periods[1]).toBeLessThan(periods[2]);
    expect(periods[2] / periods[0]).toBeCloseTo(3, 2);
  });

  it('mass on a spring: T = 2π√(m/k), twice as long for four times the mass; a damped spring settles at its rest point', () => {
    const scene = readScene('spring-mass.json') as Json;
    const k = scene.springs[0].stiffness as number;
    for (const [name, mass] of [['light', 1], ['heavy', 4]] as const) {
      const world = open('spring-mass.json');
      const joint = `${name}/block`;
      const q0 = world.q[world.joint(joint).qIndex];
      // Pulled 0.15 m below its rest point: it swings about q0 + 0.15.
      const crossings = downCrossings(world, joint, q0 + 0.15, 8.5);
      expect(Math.abs(meanPeriod(crossings) / (2 * Math.PI * Math.sqrt(mass / k)) - 1), name).toBeLessThan(0.003);
    }
    // Damping on the left spring takes the energy out.
    const damped = open('spring-mass.json', (s) => (s.springs[0].damping = 2));
    const index = damped.joint('light/block').qIndex;
    const rest = damped.q[index] + 0.15;
    runTo(damped, 6);
    let largest = 0;
    while (damped.time < 7) {
      damped.step(1);
      largest = Math.max(largest, Math.abs(damped.q[index] - rest));
    }
    expect(largest).toBeLessThan(0.15 * Math.exp(-(2 / (2 * 1)) * 6) * 1.2);
  });

  it('Atwood machine: the blocks accelerate at (m₁ − m₂)g/(m₁ + m₂), the light one up and the heavy one down', () => {
    for (const [m1, m2] of [[1.2, 1.0], [2, 0.5]]) {
      const world = open('atwood.json', (s) => {
        s.bodies[1].inertial.mass = m1;
        s.bodies[2].inertial.mass = m2;
      });
      const z1 = position(world, 'heavy')[2];
      const z2 = position(world, 'light')[2];
      const t = m1 / m2 > 2 ? 0.4 : 1;
      runTo(world, t);
      const expected = ((m1 - m2) * G) / (m1 + m2);
      const fall = z1 - position(world, 'heavy')[2];
      const rise = position(world, 'light')[2] - z2;
      expect(Math.abs((2 * fall) / (t * t) / expected - 1), `${m1}/${m2} kg: fall`).toBeLessThan(0.02);
      expect(Math.abs((2 * rise) / (t * t) / expected - 1), `${m1}/${m2} kg: rise`).toBeLessThan(0.02);
      expect(Math.abs(-velocity(world, 'heavy')[2] / (expected * t) - 1), `${m1}/${m2} kg: speed`).toBeLessThan(0.02);
      // The string neither stretches nor lets the blocks drift sideways.
      expect(Math.abs(fall - rise)).toBeLessThan(2e-3);
      expect(Math.abs(position(world, 'heavy')[0] + 0.2)).toBeLessThan(2e-3);
    }
    // Equal masses balance.
    const balanced = open('atwood.json', (s) => (s.bodies[1].inertial.mass = s.bodies[2].inertial.mass = 1));
    const z = position(balanced, 'heavy')[2];
    runTo(balanced, 1);
    expect(Math.abs(position(balanced, 'heavy')[2] - z)).toBeLessThan(1e-3);
  });

  it('air track: momentum is kept in both collisions; the elastic one swaps the speeds, the inelastic one halves them', () => {
    const world = open('air-track.json');
    const v = (name: string) => world.qd[world.joint(`${name}/glider`).vIndex];
    const m = 0.5;
    const before = { elastic: m * v('elastic-a') + m * v('elastic-b'), inelastic: m * v('inelastic-a') + m * v('inelastic-b') };
    const energyBefore = 0.5 * m * v('elastic-a') ** 2;
    runTo(world, 2.5); // the hit is at about 1.6 s, the ends not reached before 4 s
    expect(m * v('elastic-a') + m * v('elastic-b')).toBeCloseTo(before.elastic, 6);
    expect(m * v('inelastic-a') + m * v('inelastic-b')).toBeCloseTo(before.inelastic, 6);
    expect(v('elastic-a')).toBeCloseTo(0, 4);
    expect(v('elastic-b')).toBeCloseTo(0.5, 4);
    expect(0.5 * m * v('elastic-b') ** 2 + 0.5 * m * v('elastic-a') ** 2).toBeCloseTo(energyBefore, 6);
    expect(v('inelastic-a')).toBeCloseTo(0.25, 4);
    expect(v('inelastic-b')).toBeCloseTo(0.25, 4);
    // A heavier glider at rest: the moving one bounces back, momentum still kept.
    const heavy = open('air-track.json', (s) => (s.articulations[1].links[0].inertial.mass = 1.5));
    const p0 = 0.5 * heavy.qd[heavy.joint('elastic-a/glider').vIndex];
    runTo(heavy, 2.5);
    const va = heavy.qd[heavy.joint('elastic-a/glider').vIndex];
    const vb = heavy.qd[heavy.joint('elastic-b/glider').vIndex];
    expect(0.5 * va + 1.5 * vb).toBeCloseTo(p0, 6);
    expect(va).toBeCloseTo(((0.5 - 1.5) / 2) * 0.5, 4);
    expect(vb).toBeCloseTo(((2 * 0.5) / 2) * 0.5, 4);
  });

  it('circular motion: each ball keeps its radius and its speed, and goes round in 2πr/v', () => {
    const world = open('circular-motion.json');
    const turns: Record<string, number[]> = { inner: [], outer: [] };
    const angle = (name: string) => Math.atan2(position(world, name)[1], position(world, name)[0]);
    const last = { inner: angle('inner'), outer: angle('outer') };
    let worst = { radius: 0, speed: 0 };
    while (world.time < 10.2) {
      world.step(1);
      for (const [name, r] of [['inner', 0.6], ['outer', 1.2]] as const) {
        const [x, y] = position(world, name);
        const [vx, vy] = velocity(world, name);
        worst = { radius: Math.max(worst.radius, Math.abs(Math.hypot(x, y) / r - 1)), speed: Math.max(worst.speed, Math.abs(Math.hypot(vx, vy) / 1.5 - 1)) };
        const now = angle(name);
        if (last[name] < 0 && now >= 0) turns[name].push(world.time);
        last[name] = now;
      }
    }
    expect(worst.radius).toBeLessThan(0.01);
    expect(worst.speed).toBeLessThan(0.015); // the string's row takes about 1% of the speed in 10 s at 1/2400 s
    expect(Math.abs(meanPeriod(turns.inner) / ((2 * Math.PI * 0.6) / 1.5) - 1)).toBeLessThan(0.01);
    expect(turns.outer.length).toBeGreaterThanOrEqual(2);
    expect(Math.abs(meanPeriod(turns.outer) / ((2 * Math.PI * 1.2) / 1.5) - 1)).toBeLessThan(0.01);
  });
});
