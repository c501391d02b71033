// Scene share links: any scene-like object survives encode → decode exactly; a 200-link chain
// fits a short link and runs in the engine; and every kind of bad link gets its own clear
// message — a deflate bomb among them, refused after inflating no more than the cap.
import * as fc from 'fast-check';
import { zlibSync } from 'fflate';
import { describe, expect, it, vi } from 'vitest';
import {
  adler32,
  decodeSceneLink,
  encodeSceneLink,
  isSceneLink,
  MAX_SCENE_BYTES,
  SCENE_LINK_PREFIX,
  toBase64Url,
} from '../../web/src/share/scene_link';
import { migrateScene } from '../../web/src/share/scene_migration';
import type { SceneObject } from '../../web/src/scene/scene_doc';
import { loadEngineInNode, readScene } from './engine';

// Counts every byte the inflater hands out, to show a bomb is stopped early.
const inflated = vi.hoisted(() => ({ bytes: 0 }));
vi.mock('fflate', async (importOriginal) => {
  const real = await importOriginal<typeof import('fflate')>();
  class CountingUnzlib extends real.Unzlib {
    constructor(handler: (chunk: Uint8Array, final: boolean) => void) {
      super((chunk, final) => {
        inflated.bytes += chunk.length;
        handler(chunk, final);
      });
    }
  }
  return { ...real, Unzlib: CountingUnzlib };
});

/** A link around arbitrary bytes, as a broken or hostile page might make one. */
const linkOfBytes = (bytes: Uint8Array, level: 0 | 6 | 9 = 6) => `${SCENE_LINK_PREFIX}1.${toBase64Url(zlibSync(bytes, { level }))}`;
const linkOfText = (text: string) => linkOfBytes(new TextEncoder().encode(text));

function decodedText(link: string): string {
  const result = decodeSceneLink(link);
  if ('error' in result) throw new Error(`expected a scene, got: ${result.error}`);
  return result.text;
}

function decodeError(link: string): string {
  const result = decodeSceneLink(link);
  if (!('error' in result)) throw new Error(`expected an error, got a scene of ${result.text.length} characters`);
  return result.error;
}

/** A chain of `n` capsules held out horizontally, like public/scenes/chain-100.json. */
function chainScene(n: number): SceneObject {
  const links = Array.from({ length: n }, (_, i) => ({
    name: `link${i}`,
    ...(i > 0 ? { parent: `link${i - 1}` } : {}),
    joint: {
      type: 'revolute',
      axis: [0, 1, 0],
      origin: { position: i === 0 ? [0, 0, 2.3] : [0, 0, -0.01] },
      ...(i === 0 ? { position: -1.5708 } : {}),
    },
    shapes: [{ type: 'capsule', radius: 0.003, length: 0.01, position: [0, 0, -0.005], color: `#2d${(0x72 + (i % 100)).toString(16)}d2` }],
  }));
  return {
    format: 'featherweight-scene',
    version: 1,
    meta: { title: `${n}-link chain`, description: 'A chain held out horizontally and released.' },
    world: { gravity: [0, 0, -9.81], timestep: 0.004, integrator: 'rk45', tolerance: { absolute: 1e-6, relative: 1e-6 } },
    articulations: [{ name: 'chain', links }],
    camera: { position: [0.6, -6.5, 2], target: [0.1, 0, 1.5], fov: 45 },
  };
}

describe('scene links round-trip', () => {
  it('decode(encode(x)) equals x for any scene-like object, unicode included', () => {
    const extra = fc.dictionary(fc.string({ unit: 'grapheme' }), fc.jsonValue({ stringUnit: 'binary', maxDepth: 4 }), { maxKeys: 8 });
    fc.assert(
      fc.property(extra, (fields) => {
        const scene = { ...fields, format: 'featherweight-scene', version: 1 };
        const link = encodeSceneLink(scene);
        expect(link.startsWith('#scene=1.')).toBe(true);
        expect(link.slice(SCENE_LINK_PREFIX.length + 2)).toMatch(/^[A-Za-z0-9_-]*$/); // base64url, no padding
        const text = decodedText(link);
        expect(text).toBe(JSON.stringify(scene)); // the very text that was encoded
        // Deep-equal to x as JSON carries it (JSON has no -0: it is written, and read back, as 0).
        expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(scene)));
      }),
      { numRuns: 300 },
    );
  });

  it('reads a fragment with or without its #', () => {
    const link = encodeSceneLink({ format: 'featherweight-scene', version: 1, meta: { title: 'π ≈ 3.14 🎯' } });
    expect(isSceneLink(link) && isSceneLink(link.slice(1))).toBe(true);
    expect(JSON.parse(decodedText(link.slice(1))).meta.title).toBe('π ≈ 3.14 🎯');
  });

  it('carries a 200-link chain in under 100 kB, and the engine runs it', async () => {
    const scene = chainScene(200);
    const link = encodeSceneLink(scene);
    expect(link.length).toBeLessThan(100_000);
    const text = decodedText(link);
    const migrated = migrateScene(JSON.parse(text) as SceneObject);
    if ('error' in migrated) throw new Error(migrated.error);
    expect(migrated.scene).toEqual(scene);
    const engine = await loadEngineInNode();
    const sim = new engine.Simulation();
    expect(sim.load(text)).toBe('');
    expect(sim.bodyCount()).toBe(200);
    sim.step(5);
    expect(sim.time()).toBeCloseTo(0.02, 12);
  });

  it('checks Adler-32 the way zlib does', () => {
    expect(adler32(new TextEncoder().encode('Wikipedia'))).toBe(0x11e60398);
    expect(adler32(new Uint8Array(0))).toBe(1);
    const big = new Uint8Array(100_000).fill(0xff);
    const trailer = zlibSync(big).subarray(-4);
    expect(adler32(big)).toBe(((trailer[0] << 24) | (trailer[1] << 16) | (trailer[2] << 8) | trailer[3]) >>> 0);
  });
});

describe('bad scene links', () => {
  const good = encodeSceneLink(readScene('pendulum.json'));
  const dataStart = SCENE_LINK_PREFIX.length + 2;

  it('says when the fragment is not a scene link', () => {
    for (const fragment of ['', '#', '#top', '#scenes=1.abc', 'camera=1.abc']) expect(decodeError(fragment)).toMatch(/^Not a scene link/);
  });

  it('says a cut-short link is damaged, wherever it was cut', () => {
    for (let length = dataStart; length < good.length; length++) {
      expect(decodeError(good.slice(0, length)), `cut at ${length}`).toMatch(/^This scene link is damaged: .*(cut short|altered)/);
    }
  });

  it('says an altered link is damaged: the checksum catches a flipped character', () => {
    for (const at of [dataStart + 10, Math.floor(good.length / 2), good.length - 3]) {
      const flipped = good[at] === 'A' ? 'B' : 'A';
      const tampered = good.slice(0, at) + flipped + good.slice(at + 1);
      expect(decodeError(tampered), `flipped at ${at}`).toMatch(/^This scene link is damaged: it was cut short or altered/);
    }
  });

  it('says when the link format is newer or unknown', () => {
    expect(decodeError(good.replace('#scene=1.', '#scene=2.'))).toMatch(/made by a newer Featherweight \(link format 2; this page reads format 1\)/);
    expect(decodeError('#scene=v1.abc')).toBe('This scene link has an unknown format tag "v1" (this page reads format 1).');
    expect(decodeError('#scene=abcdef')).toMatch(/unknown format tag ""/);
  });

  it('names the character that is not base64url', () => {
    expect(decodeError('#scene=1.eJzL$SzN')).toBe(
      'This scene link is damaged: character 5 of its data ("$") is not allowed in a scene link. Copy the whole link again.',
    );
    expect(decodeError('#scene=1.eJzL+SzN/w==')).toMatch(/character 5 of its data \("\+"\)/);
  });

  it('says when the data is not UTF-8 or not JSON, with line and column', () => {
    expect(decodeError(linkOfBytes(new Uint8Array([0x7b, 0xff, 0xfe, 0x7d])))).toBe('This scene link does not hold text (its data is not UTF-8).');
    expect(decodeError(linkOfText('{\n  "format": "featherweight-scene",\n  version: 1\n}'))).toBe(
      'This scene link does not hold a Featherweight scene: the text is not JSON (line 3, column 3: unexpected character "v").',
    );
    expect(decodeError(linkOfText('{"format": "featherweight-scene", "version": 1'))).toMatch(/not JSON \(line 1, column 47: close brace expected\)/);
  });

  it('says when the JSON is not a scene object', () => {
    const notScene = (json: unknown) => decodeError(linkOfText(JSON.stringify(json))).replace('This scene link does not hold a Featherweight scene: ', '');
    expect(notScene([1, 2])).toBe('the JSON is an array, not a scene object.');
    expect(notScene(42)).toBe('the JSON is a number, not a scene object.');
    expect(notScene(null)).toBe('the JSON is null, not a scene object.');
    expect(notScene('scene')).toBe('the JSON is a string, not a scene object.');
    expect(notScene({ format: 'urdf', version: 1 })).toBe('/format: expected "featherweight-scene", got "urdf".');
    expect(notScene({ version: 1 })).toBe('/format: expected "featherweight-scene", got nothing.');
    expect(notScene({ format: 'featherweight-scene' })).toBe('/version: expected an integer, got nothing.');
    expect(notScene({ format: 'featherweight-scene', version: '1' })).toBe('/version: expected an integer, got "1".');
    expect(notScene({ format: 'featherweight-scene', version: 1.5 })).toBe('/version: expected an integer, got 1.5.');
  });

  it('refuses a scene of a newer version and one of a version that never existed', () => {
    const newer = JSON.parse(decodedText(encodeSceneLink({ ...readScene('pendulum.json'), version: 99 }))) as SceneObject;
    expect(migrateScene(newer)).toEqual({
      error: 'This scene was made by a newer Featherweight (scene version 99; this page reads versions up to 1). Open it with the newer page.',
    });
    expect(migrateScene({ format: 'featherweight-scene', version: 0 })).toEqual({ error: '/version: there is no scene version 0 (versions start at 1).' });
    const current = readScene('pendulum.json') as SceneObject;
    expect(migrateScene(current)).toEqual({ scene: current });
  });

  it('refuses a deflate bomb after inflating no more than the cap', () => {
    const spaces = new Uint8Array(50 * 1024 * 1024).fill(0x20);
    const bomb = linkOfBytes(spaces, 9);
    expect(bomb.length).toBeLessThan(200_000); // a link a page could really be sent
    inflated.bytes = 0;
    expect(decodeError(bomb)).toBe('This scene link expands to more than 4 MB of scene text; the page refuses scenes that large.');
    expect(inflated.bytes).toBeGreaterThan(MAX_SCENE_BYTES);
    expect(inflated.bytes).toBeLessThan(MAX_SCENE_BYTES + 2 * 1024 * 1024);
    // Just under the cap is fine (and is then refused only for not being a scene).
    inflated.bytes = 0;
    expect(decodeError(linkOfBytes(spaces.subarray(0, MAX_SCENE_BYTES)))).toMatch(/the text is not JSON/);
    expect(inflated.bytes).toBe(MAX_SCENE_BYTES);
  });

  it('hands on a scene the engine rejects, and the loader names the JSON path', async () => {
    const scene = readScene('pendulum.json') as { articulations: { links: { inertial: { mass: number } }[] }[] };
    scene.articulations[0].links[0].inertial.mass = -1;
    const text = decodedText(encodeSceneLink(scene));
    const engine = await loadEngineInNode();
    expect(new engine.Simulation().load(text)).toMatch(/^\/articulations\/0\/links\/0\/inertial\/mass: /);
  });
});
