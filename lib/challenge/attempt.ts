// A student's attempt applied to the trusted challenge scene: only what the challenge's `allow`
// permits (the controller's source and parameters, the meta.sliders values within their ranges,
// bodies, articulations and constraints appended within the build budget), anything else refused
// with an AttemptError naming it. The result is the scene to run; the loader then checks it as any other.
import type { Challenge, Scene } from '../scene.generated';
import { atPointer, isRecord } from '../json_check';
import { MAX_CONTROLLER_BYTES, MAX_CONTROLLER_PARAMETERS } from '../scene_meta';
import type { ChallengeAttempt } from './result_link';

/** The attempt asks for a change the challenge does not allow, or one that is not well formed. */
export class AttemptError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AttemptError';
  }
}

/** The scene to run, and how many parts the attempt added (the "parts" score). */
export interface AppliedAttempt {
  scene: Scene;
  parts: number;
  /** Names of the bodies and links ("articulation/link") the attempt added (their mass is checked once the world is built). */
  addedBodies: string[];
}

const refuse = (message: string): never => {
  throw new AttemptError(message);
};

/** The challenge of a scene document, or null. */
export function challengeOf(scene: unknown): Challenge | null {
  const meta = isRecord(scene) ? scene.meta : undefined;
  return isRecord(meta) && isRecord(meta.challenge) ? (meta.challenge as unknown as Challenge) : null;
}

function applyController(scene: Scene, controller: unknown, allowed: boolean): void {
  if (!allowed) refuse('the attempt changes the controller, which this challenge does not allow');
  if (!isRecord(controller)) return refuse('attempt.controller must be an object { source, parameters }');
  for (const key of Object.keys(controller)) if (key !== 'source' && key !== 'parameters') refuse(`attempt.controller.${key} is not something an attempt may change (source, parameters)`);
  const own = scene.controller ?? refuse('the challenge scene has no controller to change');
  const { source, parameters } = controller;
  if (source !== undefined) {
    if (typeof source !== 'string') refuse('attempt.controller.source must be text');
    if ((source as string).length > MAX_CONTROLLER_BYTES) refuse(`attempt.controller.source is longer than ${MAX_CONTROLLER_BYTES} characters`);
    own.source = source as string;
  }
  if (parameters !== undefined) {
    if (!isRecord(parameters)) return refuse('attempt.controller.parameters must be an object of numbers');
    const merged: Record<string, number> = { ...own.parameters };
    for (const [name, value] of Object.entries(parameters)) {
      if (typeof value !== 'number' || !Number.isFinite(value)) refuse(`attempt.controller.parameters.${name} must be a finite number`);
      merged[name] = value as number;
    }
    if (Object.keys(merged).length > MAX_CONTROLLER_PARAMETERS) refuse(`a controller has at most ${MAX_CONTROLLER_PARAMETERS} parameters`);
    own.parameters = merged;
  }
}

function applySliders(scene: Scene, sliders: unknown, allowed: boolean): void {
  if (!allowed) refuse('the attempt moves sliders, which this challenge does not allow');
  if (!isRecord(sliders)) return refuse('attempt.sliders must be an object of numbers by slider path');
  const ranges = new Map((scene.meta?.sliders ?? []).map((s) => [s.path, s]));
  for (const [path, value] of Object.entries(sliders)) {
    const slider = ranges.get(path) ?? refuse(`attempt.sliders: ${JSON.stringify(path.slice(0, 80))} is not the path of one of the challenge's sliders`);
    if (typeof value !== 'number' || !Number.isFinite(value)) refuse(`attempt.sliders["${path}"] must be a finite number`);
    const v = value as number;
    if (v < slider.min || v > slider.max) refuse(`attempt.sliders["${path}"] = ${v} is outside the slider's range ${slider.min} … ${slider.max}`);
    setAtPointer(scene, path, v);
  }
}

/** Writes a number where a JSON Pointer (checked on load to name a number) points. */
function setAtPointer(document: unknown, pointer: string, value: number): void {
  const cut = pointer.lastIndexOf('/');
  const parent = atPointer(document, pointer.slice(0, cut));
  const key = pointer.slice(cut + 1).replace(/~1/g, '/').replace(/~0/g, '~');
  if (Array.isArray(parent)) parent[Number(key)] = value;
  else if (isRecord(parent)) parent[key] = value;
}

type BuildBudget = NonNullable<NonNullable<Challenge['allow']>['build']>;
type Added = { parts: number; added: string[] };
const PART_LISTS = ['bodies', 'articulations', 'constraints'] as const;

/** Names an added part may not take: the challenge's bodies, articulations and links ("articulation/link"). */
function namesOf(scene: Scene): Set<string> {
  const names = new Set<string>(['world', ...(scene.bodies ?? []).map((b) => b.name)]);
  for (const a of scene.articulations ?? []) {
    names.add(a.name);
    for (const link of a.links) names.add(`${a.name}/${link.name}`);
  }
  return names;
}

/** An added body or link moves as physics moves it: not static, kinematic, or floated by gravcomp. */
function checkMoves(part: Record<string, unknown>, where: string): void {
  if (part.static === true || part.kinematic === true) refuse(`${where}: added bodies move freely (not static or kinematic)`);
  if (part.gravcomp !== undefined && part.gravcomp !== 0) refuse(`${where}: added parts bear their whole weight (no gravcomp)`);
}

function claimName(name: unknown, taken: Set<string>, where: string): string {
  if (typeof name !== 'string') return refuse(`${where}.name must be text`);
  if (taken.has(name)) refuse(`${where}: the name ${JSON.stringify(name.slice(0, 80))} is taken (by the challenge or another added part)`);
  taken.add(name);
  return name;
}

/**
 * How many parts an attempt's `parts` add, as build mode places them: each body, each link, each
 * link's joint (all but a root's free joint) and each constraint. Two planks fixed together are 3
 * parts whether written as two bodies and a constraint or as a two-link articulation.
 */
export function countParts(parts: { bodies?: unknown[]; articulations?: unknown[]; constraints?: unknown[] }): number {
  const links = (parts.articulations ?? []).flatMap((a) => (isRecord(a) && Array.isArray(a.links) ? a.links : []));
  const joints = links.filter((link) => !(isRecord(link) && isRecord(link.joint) && link.joint.type === 'free')).length;
  return (parts.bodies ?? []).length + links.length + joints + (parts.constraints ?? []).length;
}

/** Checks added articulations: moving links, a free root (one held by the world would be held by the challenge), new names. */
function addArticulations(list: unknown[], taken: Set<string>, added: string[]): void {
  list.forEach((articulation, i) => {
    const where = `attempt.parts.articulations[${i}]`;
    if (!isRecord(articulation)) return refuse(`${where} must be an articulation object`);
    const name = claimName(articulation.name, taken, where);
    if (!Array.isArray(articulation.links) || articulation.links.length === 0) return refuse(`${where}.links must be a list of links`);
    articulation.links.forEach((link, k) => {
      const at = `${where}.links[${k}]`;
      if (!isRecord(link) || !isRecord(link.joint)) return refuse(`${at} must be a link object with a joint`);
      checkMoves(link, at);
      if (link.parent === undefined && link.joint.type !== 'free') refuse(`${at}: an added articulation's root is on a free joint (a joint to the world would hold it there)`);
      added.push(claimName(`${name}/${String(link.name)}`, taken, at));
    });
  });
}

function applyParts(scene: Scene, parts: unknown, build: BuildBudget | undefined): Added {
  if (!build) return refuse('the attempt adds parts, which this challenge does not allow');
  if (!isRecord(parts)) return refuse('attempt.parts must be an object { bodies, articulations, constraints }');
  for (const key of Object.keys(parts)) if (!(PART_LISTS as readonly string[]).includes(key)) refuse(`attempt.parts.${key}: an attempt adds only bodies, articulations and constraints`);
  const bodies = parts.bodies ?? [], articulations = parts.articulations ?? [], constraints = parts.constraints ?? [];
  if (!Array.isArray(bodies) || !Array.isArray(articulations) || !Array.isArray(constraints)) return refuse('attempt.parts.bodies, .articulations and .constraints must be arrays');
  const taken = namesOf(scene), added: string[] = [];
  bodies.forEach((body, i) => {
    if (!isRecord(body)) return refuse(`attempt.parts.bodies[${i}] must be a body object`);
    checkMoves(body, `attempt.parts.bodies[${i}]`);
    added.push(claimName(body.name, taken, `attempt.parts.bodies[${i}]`));
  });
  addArticulations(articulations, taken, added);
  const count = countParts({ bodies, articulations, constraints });
  if (count > build.maxParts) refuse(`the attempt adds ${count} parts; this challenge allows at most ${build.maxParts}`);
  // Added joints hold added parts only: one to the world or the challenge's bodies would hold those.
  const ours = new Set(added);
  constraints.forEach((constraint, i) => {
    if (!isRecord(constraint)) return refuse(`attempt.parts.constraints[${i}] must be a constraint object`);
    for (const end of ['a', 'b']) if (!ours.has(constraint[end] as string)) refuse(`attempt.parts.constraints[${i}].${end}: added constraints join parts the attempt adds (not ${JSON.stringify(String(constraint[end]).slice(0, 80))})`);
  });
  if (bodies.length) scene.bodies = [...(scene.bodies ?? []), ...(bodies as NonNullable<Scene['bodies']>)];
  if (articulations.length) scene.articulations = [...(scene.articulations ?? []), ...(articulations as NonNullable<Scene['articulations']>)];
  if (constraints.length) scene.constraints = [...(scene.constraints ?? []), ...(constraints as NonNullable<Scene['constraints']>)];
  return { parts: count, added };
}

/** The trusted scene with the attempt applied; throws AttemptError for anything not allowed. */
export function applyAttempt(trustedScene: Scene, attempt: ChallengeAttempt): AppliedAttempt {
  const scene = structuredClone(trustedScene);
  const challenge = challengeOf(scene) ?? refuse('the scene is not a challenge (it has no meta.challenge)');
  const allow = challenge.allow ?? {};
  if (!isRecord(attempt)) return refuse('the attempt must be an object');
  let parts = 0, addedBodies: string[] = [];
  for (const [key, value] of Object.entries(attempt)) {
    if (value === undefined) continue;
    if (key === 'controller') applyController(scene, value, allow.controller === true);
    else if (key === 'sliders') applySliders(scene, value, allow.sliders === true);
    else if (key === 'parts') ({ parts, added: addedBodies } = applyParts(scene, value, allow.build));
    else refuse(`attempt.${key} is not something an attempt may change (controller, sliders, parts)`);
  }
  return { scene, parts, addedBodies };
}
