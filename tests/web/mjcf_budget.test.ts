// MJCF budgets (web/src/mjcf/mjcf_xml.ts, mjcf_defaults.ts): default classes that amplify a small
// file, huge attributes and files, and nesting are refused quickly naming the budget, the element
// and the line; a chain of bodies as deep as the nesting budget allows converts and loads.
import { beforeAll, describe, expect, it } from 'vitest';
import type { FeatherweightModule } from 'featherweight-wasm/featherweight.js';
import { mjcfToScene } from '../../web/src/mjcf/mjcf_to_scene';
import { MJCF_BUDGET } from '../../web/src/mjcf/mjcf_xml';
import { loadEngineInNode } from './engine';

let engine: FeatherweightModule;
beforeAll(async () => {
  engine = await loadEngineInNode();
});

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** The message the converter refuses with and how long it took, or 'accepted'. */
function refusal(xml: string): { message: string; ms: number } {
  const start = performance.now();
  let message = 'accepted';
  try {
    mjcfToScene(xml, 'test.xml');
  } catch (error) {
    message = (error as Error).message;
  }
  return { message, ms: performance.now() - start };
}

const range = (n: number) => Array.from({ length: n }, (_, k) => k);

/** `levels` nested default classes, each adding `perLevel` geom attributes of its own. */
function amplifyingDefaults(levels: number, perLevel: number): string {
  let open = '', close = '';
  for (const level of range(levels)) {
    const attrs = range(perLevel).map((j) => `a${level}_${j}="1"`).join(' ');
    open += `<default class="c${level}"><geom ${attrs}/>`;
    close += '</default>';
  }
  return `<default>${open}${close}</default>`;
}

/** A chain of `length` bodies, each nested in the one before, one per line. */
function chain(length: number): string {
  const bodies = range(length).map((k) => `<body name="b${k}" pos="0 0 -0.1"><joint type="hinge" axis="0 1 0"/><geom type="capsule" size="0.01" fromto="0 0 0 0 0 -0.1"/>\n`);
  return `<mujoco model="chain">\n<worldbody>\n${bodies.join('')}${'</body>'.repeat(length)}</worldbody></mujoco>`;
}

describe('the MJCF amplification files are refused within a second', () => {
  it('wide classes taken by many geoms (about 10^8 attribute copies before)', () => {
    const geoms = range(10_000).map(() => '<geom class="c89" size="0.1"/>').join('');
    const xml = `<mujoco>${amplifyingDefaults(90, 100)}<worldbody><body><joint/>${geoms}</body></worldbody></mujoco>`;
    const { message, ms } = refusal(xml);
    expect(message).toMatch(/^test\.xml: mujoco\/worldbody\/body "body1"\/geom "\d+": default classes expand the model past the budget of 500,000 attributes/);
    expect(ms).toBeLessThan(1000);
  });

  it('deep classes, each inheriting all of its parent', () => {
    const xml = `<mujoco>${amplifyingDefaults(1500, 10)}<worldbody><body><joint/><geom class="c1499" size="0.1"/></body></worldbody></mujoco>`;
    const { message, ms } = refusal(xml);
    expect(message).toMatch(/geom "1": default classes expand the model past the budget of 500,000 attributes/);
    expect(ms).toBeLessThan(1000);
  });

  it('too many elements taking defaults, naming the budget', () => {
    const geoms = '<geom size="0.1"/>'.repeat(MJCF_BUDGET.expandedElements + 1);
    const { message, ms } = refusal(`<mujoco><worldbody>${geoms}</worldbody></mujoco>`);
    expect(message).toMatch(/^test\.xml: mujoco\/worldbody\/geom "100001": more than 100,000 elements take default classes/);
    expect(ms).toBeLessThan(2000); // each of the 100,000 geoms is converted before the budget runs out
  });

  it('more bodies than a scene may hold are refused before converting, naming the body and line', () => {
    const bodies = Array.from({ length: MJCF_BUDGET.bodies + 1 }, (_, i) => `<body pos="${i} 0 1"><freejoint/><geom size="0.1"/></body>\n`).join('');
    const { message, ms } = refusal(`<mujoco>\n<worldbody>\n${bodies}</worldbody></mujoco>`);
    expect(message).toBe(`test.xml line ${3 + MJCF_BUDGET.bodies}: <body>: more than 10,000 bodies, the most a scene may hold`);
    expect(ms).toBeLessThan(1000);
  });

  it('too many elements in the file, naming element and line', () => {
    const { message, ms } = refusal(`<mujoco>\n<worldbody/>\n${'<site/>'.repeat(MJCF_BUDGET.elements)}</mujoco>`);
    expect(message).toBe('test.xml line 3: <site>: more than 200,000 elements, the budget of an MJCF file');
    expect(ms).toBeLessThan(1000);
  });
});

describe('MJCF attributes and files have a size limit', () => {
  it('an attribute over 1 MiB is refused naming it, its element and line', () => {
    const size = '1 '.repeat(MJCF_BUDGET.attributeChars / 2 + 1);
    const { message } = refusal(`<mujoco>\n<worldbody>\n<body><joint/><geom name="g" size="${size}"/></body></worldbody></mujoco>`);
    expect(message).toBe(`test.xml line 3: <geom>: attribute "size" is ${(size.length).toLocaleString('en-US')} characters, over the budget of 1 MiB for an attribute`);
  });

  it('a 50 MB attribute is refused within a second, by the file budget', () => {
    const { message, ms } = refusal(`<mujoco><worldbody><geom size="${'1'.repeat(50_000_000)}"/></worldbody></mujoco>`);
    expect(message).toMatch(/^test\.xml line 1: the file: 50,000,\d+ characters, over the budget of 16 MiB for an MJCF file/);
    expect(ms).toBeLessThan(1000);
  });
});

describe('the XML parser\'s refusals name the element and line', () => {
  it('an external entity', () => {
    const xml = '<?xml version="1.0"?>\n<!DOCTYPE mujoco [\n<!ENTITY x SYSTEM "file:///etc/passwd">\n]>\n<mujoco><worldbody/></mujoco>';
    expect(refusal(xml).message).toMatch(/^test\.xml line 2: <!DOCTYPE>: document type declarations and entities are not supported/);
  });

  it('a thousand and one entities', () => {
    const entities = range(1001).map((k) => `<!ENTITY e${k} "${k}">`).join('\n');
    const xml = `<?xml version="1.0"?>\n\n<!DOCTYPE mujoco [\n${entities}\n]>\n<mujoco><worldbody/></mujoco>`;
    expect(refusal(xml).message).toMatch(/^test\.xml line 3: <!DOCTYPE>: /);
  });

  it('nesting past the budget: the first element too deep and its line', () => {
    const { message, ms } = refusal(chain(MJCF_BUDGET.depth));
    // <mujoco> and <worldbody> take two levels; body k (from 0) is on line k + 3 at depth k + 3.
    expect(message).toBe('test.xml line 2001: <body>: nested 2,001 elements deep, over the nesting budget of 2,000 (about 1,998 nested bodies)');
    expect(ms).toBeLessThan(1000);
  });
});

describe('deep chains of bodies convert', () => {
  it('a 1,000-body chain converts and its scene loads and steps in the engine', () => {
    const start = performance.now();
    const scene = mjcfToScene(chain(1000), 'chain.xml').scene as Json;
    const ms = performance.now() - start;
    expect(scene.articulations).toHaveLength(1);
    expect(scene.articulations[0].links).toHaveLength(1000);
    expect(scene.articulations[0].links[999]).toMatchObject({ name: 'b999', parent: 'b998' });
    expect(ms).toBeLessThan(2000);
    const sim = new engine.Simulation();
    expect(sim.load(JSON.stringify(scene))).toBe('');
    sim.step(10);
    expect(sim.stepError()).toBe('');
    expect(Array.from(new Float64Array(engine.HEAPF64.buffer, sim.qPointer(), sim.nq())).every(Number.isFinite)).toBe(true);
    sim.delete();
  });

  it('a chain as deep as the nesting budget allows converts (no recursion runs out of stack)', () => {
    const scene = mjcfToScene(chain(MJCF_BUDGET.depth - 2), 'chain.xml').scene as Json;
    expect(scene.articulations[0].links).toHaveLength(MJCF_BUDGET.depth - 2);
  });

  it('actuators find their joints by name, the first of each name', () => {
    const xml = chain(3).replace('</worldbody>', '</worldbody><actuator><position name="p" joint="j1" kp="5"/></actuator>').replace('<body name="b1" pos="0 0 -0.1"><joint ', '<body name="b1" pos="0 0 -0.1"><joint name="j1" ');
    const scene = mjcfToScene(xml, 'chain.xml').scene as Json;
    expect(scene.articulations[0].links[1].joint.motor).toMatchObject({ mode: 'position', stiffness: 5 });
  });
});
