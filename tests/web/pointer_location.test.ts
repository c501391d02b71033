// Where the scene editor marks a loader message: JSON Pointers and "line, column" mapped onto the
// text, checked on hand-made text and on the real engine's messages about a pretty-printed scene.
import { describe, expect, it } from 'vitest';
import { locateLineColumn, locateMessage, locatePointer } from '../../web/src/editor/pointer_location';
import { loadEngineInNode, readScene } from './engine';

const TEXT = [
  '{', //                                   line 1
  '  "world": { "gravity": [0, 0, -9.81] },', // line 2
  '  "bodies": [', //                        line 3
  '    { "name": "a" },', //                 line 4
  '    {', //                                line 5
  '      "name": "b",', //                   line 6
  '      "shapes": [{ "type": "box" }, { "type": "sphere" }]', // line 7
  '    }', //                                line 8
  '  ],', //                                 line 9
  '  "a/b": { "~c": 1 }', //                 line 10
  '}',
].join('\n');

const marked = (pointer: string) => {
  const place = locatePointer(TEXT, pointer)!;
  return { line: place.line, text: TEXT.slice(place.from, place.to) };
};

describe('JSON Pointer to a place in the text', () => {
  it('finds members of nested objects and arrays, marking a member with its key', () => {
    expect(marked('/world/gravity')).toEqual({ line: 2, text: '"gravity": [0, 0, -9.81]' });
    expect(marked('/world/gravity/2')).toEqual({ line: 2, text: '-9.81' });
    expect(marked('/bodies/1/name')).toEqual({ line: 6, text: '"name": "b"' });
    expect(marked('/bodies/1/shapes/1/type')).toEqual({ line: 7, text: '"type": "sphere"' });
    expect(marked('/bodies/0')).toEqual({ line: 4, text: '{ "name": "a" }' });
  });

  it('reads ~1 as "/" and ~0 as "~" in keys', () => {
    expect(marked('/a~1b/~0c')).toEqual({ line: 10, text: '"~c": 1' });
  });

  it('falls back to the deepest parent that is there', () => {
    expect(marked('/bodies/1/inertial/mass').line).toBe(5); // the body without an inertial
    expect(marked('/bodies/7').line).toBe(3); // past the end of the array
    expect(marked('/bodies/01').line).toBe(3); // not an array index
    expect(marked('/world/gravity/x')).toEqual({ line: 2, text: '"gravity": [0, 0, -9.81]' });
    expect(marked('')).toEqual({ line: 1, text: TEXT });
  });

  it('gives nothing for text without any JSON value', () => {
    expect(locatePointer('', '/world')).toBeNull();
  });
});

describe('line and column to a place in the text', () => {
  it('marks the character, clamped to its line and to the text', () => {
    const text = 'ab\ncdef\ng';
    expect(locateLineColumn(text, 2, 3)).toEqual({ from: 5, to: 6, line: 2 }); // "e"
    expect(locateLineColumn(text, 2, 99)).toEqual({ from: 6, to: 7, line: 2 }); // past the end: "f"
    expect(locateLineColumn(text, 9, 1)).toEqual({ from: 8, to: 9, line: 3 });
  });
});

describe("the engine's messages, located", () => {
  it('points at the line of the value the loader rejects', async () => {
    const engine = await loadEngineInNode();
    const sim = new engine.Simulation();
    const scene = readScene('pendulum.json') as { articulations: { links: { inertial: { mass: number }; joint: { axis: number[] } }[] }[] };
    const link = scene.articulations[0].links[0];

    link.inertial.mass = -1;
    let text = JSON.stringify(scene, null, 2);
    let message = sim.load(text);
    expect(message).toMatch(/^\/articulations\/0\/links\/0\/inertial\/mass: /);
    let place = locateMessage(text, message)!;
    expect(text.split('\n')[place.line - 1].trim()).toBe('"mass": -1,');

    link.inertial.mass = 1;
    link.joint.axis = [0, 1];
    text = JSON.stringify(scene, null, 2);
    message = sim.load(text);
    expect(message).toBe('/articulations/0/links/0/joint/axis: expected 3 numbers, got 2');
    place = locateMessage(text, message)!;
    expect(text.split('\n')[place.line - 1].trim()).toBe('"axis": [');

    text = '{\n  "format": "featherweight-scene",\n  "version": 1,\n  oops\n}';
    message = sim.load(text);
    expect(message).toMatch(/not valid JSON at line 4/);
    place = locateMessage(text, message)!;
    expect(place.line).toBe(4);
    expect(text.slice(place.from, place.to)).toBe('o');

    sim.delete();
  });

  it('names no place for a message without a pointer', () => {
    expect(locateMessage('{}', 'something else went wrong')).toBeNull();
    expect(locateMessage('[1]', '/: expected an object, got an array')).toEqual({ from: 0, to: 3, line: 1 });
  });
});
