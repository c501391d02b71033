// Checks of a scene's meta.instruments (lib/instruments.ts): photogates and stopwatches, each
// problem at its JSON Pointer. The fields and their limits are the schema's ($defs gate,
// stopwatch, stopwatchTrigger); names are checked against this scene's bodies and gates.
import { Checker, type JsonRecord, jointNames, own, quoted } from './json_check';
import { plainNames } from './scene_names';

const MAX_GATES = 32;
const MAX_STOPWATCHES = 8;
const MAX_COUNT = 1000;

function vector(c: Checker, value: unknown, path: string): value is number[] {
  if (!c.array(value, path)) return false;
  if (value.length !== 3) return c.fail(path, `expected 3 numbers, got ${value.length}`);
  return value.every((x, i) => c.number(x, `${path}/${i}`));
}

function bodyName(c: Checker, value: unknown, path: string, bodies: Set<string>): void {
  if (c.string(value, path) && !bodies.has(value)) c.fail(path, `no body named ${quoted(value)} (use "articulation/link" or a body's name)`);
}

function checkGates(c: Checker, gates: unknown, path: string, bodies: Set<string>): string[] {
  if (!c.array(gates, path)) return [];
  if (gates.length > MAX_GATES) c.fail(path, `at most ${MAX_GATES} gates`);
  const names: string[] = [];
  gates.forEach((gate, i) => {
    const at = `${path}/${i}`;
    if (!c.object(gate, at)) return;
    c.allowOnly(gate, at, ['name', 'point', 'normal', 'radius', 'body']);
    if (c.required(gate, at, 'name') && c.string(gate.name, `${at}/name`)) {
      if (gate.name === '') c.fail(`${at}/name`, 'a gate needs a name');
      else if (names.includes(gate.name)) c.fail(`${at}/name`, `another gate is named ${quoted(gate.name)}`);
      names.push(gate.name);
    }
    if (c.required(gate, at, 'point')) vector(c, gate.point, `${at}/point`);
    if (c.required(gate, at, 'normal') && vector(c, gate.normal, `${at}/normal`) && Math.hypot(...gate.normal) === 0) c.fail(`${at}/normal`, 'the normal must not be zero');
    if (c.required(gate, at, 'radius')) c.positive(gate.radius, `${at}/radius`);
    if (own(gate, 'body')) bodyName(c, gate.body, `${at}/body`, bodies);
  });
  return names;
}

function checkTrigger(c: Checker, trigger: unknown, path: string, gates: string[], bodies: Set<string>): void {
  if (!c.object(trigger, path)) return;
  if (own(trigger, 'gate')) {
    c.allowOnly(trigger, path, ['gate', 'direction']);
    if (c.string(trigger.gate, `${path}/gate`) && !gates.includes(trigger.gate)) c.fail(`${path}/gate`, `no gate named ${quoted(trigger.gate)}`);
    if (own(trigger, 'direction') && !['either', 'positive', 'negative'].includes(trigger.direction as string))
      c.fail(`${path}/direction`, 'expected "either", "positive" or "negative"');
  } else if (own(trigger, 'contact')) {
    c.allowOnly(trigger, path, ['contact', 'body', 'other']);
    if (trigger.contact !== 'begin' && trigger.contact !== 'end') c.fail(`${path}/contact`, 'expected "begin" or "end"');
    if (c.required(trigger, path, 'body')) bodyName(c, trigger.body, `${path}/body`, bodies);
    if (own(trigger, 'other')) bodyName(c, trigger.other, `${path}/other`, bodies);
  } else c.fail(path, 'a trigger names a "gate" or a "contact"');
}

function checkStopwatches(c: Checker, stopwatches: unknown, path: string, gates: string[], bodies: Set<string>): void {
  if (!c.array(stopwatches, path)) return;
  if (stopwatches.length > MAX_STOPWATCHES) c.fail(path, `at most ${MAX_STOPWATCHES} stopwatches`);
  stopwatches.forEach((stopwatch, i) => {
    const at = `${path}/${i}`;
    if (!c.object(stopwatch, at)) return;
    c.allowOnly(stopwatch, at, ['name', 'start', 'stop', 'count', 'repeat']);
    if (c.required(stopwatch, at, 'name') && c.string(stopwatch.name, `${at}/name`) && stopwatch.name === '') c.fail(`${at}/name`, 'a stopwatch needs a name');
    if (own(stopwatch, 'start')) checkTrigger(c, stopwatch.start, `${at}/start`, gates, bodies);
    if (own(stopwatch, 'stop')) checkTrigger(c, stopwatch.stop, `${at}/stop`, gates, bodies);
    const count = stopwatch.count;
    if (own(stopwatch, 'count') && (typeof count !== 'number' || !Number.isInteger(count) || count < 1 || count > MAX_COUNT))
      c.fail(`${at}/count`, `expected a whole number from 1 to ${MAX_COUNT}`);
    if (own(stopwatch, 'repeat')) c.boolean(stopwatch.repeat, `${at}/repeat`);
  });
}

/** The problems of meta.instruments at `path`, added to the checker's. */
export function checkInstruments(c: Checker, instruments: unknown, path: string, document: JsonRecord): void {
  if (!c.object(instruments, path)) return;
  c.allowOnly(instruments, path, ['gates', 'stopwatches']);
  const full = jointNames(document);
  const bodies = new Set([...full, ...plainNames([...full]).keys()]);
  const gates = own(instruments, 'gates') ? checkGates(c, instruments.gates, `${path}/gates`, bodies) : [];
  if (own(instruments, 'stopwatches')) checkStopwatches(c, instruments.stopwatches, `${path}/stopwatches`, gates, bodies);
}
