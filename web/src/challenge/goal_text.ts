// A challenge's goal in plain words, made from its predicate (meta.challenge.goal): what the
// goal panel says, so a student reads "the ball inside the cup before 5 s" rather than JSON.
// Unknown shapes are said as "a condition" (the loader has checked the scene already).

import { formatNumber, t } from '../i18n/i18n';

type Predicate = Record<string, unknown>;

const num = (x: unknown): string => (typeof x === 'number' ? formatNumber(Number(x.toPrecision(6)), { maximumSignificantDigits: 6, useGrouping: false }) : '?');
// A link is said by its own name ("launch/ball" → “ball”): the articulation's is scaffolding.
const name = (x: unknown): string => (typeof x === 'string' ? `“${x.slice(x.lastIndexOf('/') + 1) || x}”` : '?');

function list(parts: unknown, joiner: string): string {
  const items = Array.isArray(parts) ? parts.map((p) => goalText(p)) : [];
  if (items.length <= 1) return items[0] ?? t('goals.nothing');
  return `${items.slice(0, -1).join(', ')} ${t(`goals.${joiner}`)} ${items[items.length - 1]}`;
}

function leaf(key: string, v: Predicate): string | null {
  switch (key) {
    case 'inside': {
      const point = Array.isArray(v.point) && v.point.some((c) => c !== 0) ? t('goals.itsPoint', { point: (v.point as number[]).map(num).join(t('teaching.vectorSeparator')) }) : '';
      return t('goals.inside', { body: name(v.body), point, region: name(v.region) });
    }
    case 'joint':
      return t('goals.joint', { name: name(v.name), within: num(v.within), near: num(v.near) });
    case 'speed':
      return t('goals.speed', { body: name(v.body), below: num(v.below) });
    case 'height':
      return t('goals.height', { body: name(v.body), above: num(v.above) });
    case 'energyUsed':
      return t('goals.energyUsed', { below: num(v.below) });
    case 'touching':
      return t('goals.touching', { a: name(v.a), b: name(v.b) });
    default:
      return null;
  }
}

/** The predicate in words. */
export function goalText(predicate: unknown): string {
  if (!predicate || typeof predicate !== 'object') return t('goals.condition');
  const [key, value] = Object.entries(predicate as Predicate)[0] ?? ['', null];
  const v = (value ?? {}) as Predicate;
  switch (key) {
    case 'all':
      return list(value, 'and');
    case 'any':
      return t('goals.either', { list: list(value, 'or') });
    case 'not':
      return t('goals.not', { goal: goalText(value) });
    case 'always':
      return t('goals.always', { goal: goalText(value) });
    case 'holdFor':
      return t('goals.holdFor', { goal: goalText(v.goal), seconds: num(v.seconds) });
    case 'before':
      return t('goals.before', { goal: goalText(v.goal), time: num(v.time) });
    default:
      return leaf(key, v) ?? t('goals.condition');
  }
}

/** The first holdFor and before in the goal: what the live progress follows. */
export function temporalParts(predicate: unknown): { holdSeconds: number | null; deadline: number | null } {
  const found = { holdSeconds: null as number | null, deadline: null as number | null };
  const walk = (p: unknown): void => {
    if (!p || typeof p !== 'object') return;
    for (const [key, value] of Object.entries(p as Predicate)) {
      if (key === 'holdFor' && found.holdSeconds === null) found.holdSeconds = Number((value as Predicate).seconds);
      if (key === 'before' && found.deadline === null) found.deadline = Number((value as Predicate).time);
      if (Array.isArray(value)) value.forEach(walk);
      else if (value && typeof value === 'object') walk(key === 'holdFor' || key === 'before' ? (value as Predicate).goal : value);
    }
  };
  walk(predicate);
  return found;
}

/** What the student may change, in words. */
export function allowText(allow: unknown): string {
  const a = (allow ?? {}) as { controller?: boolean; sliders?: boolean; build?: { maxParts?: number; maxMass?: number } };
  const parts: string[] = [];
  if (a.sliders) parts.push(t('goals.sliders'));
  if (a.controller) parts.push(t('goals.controller'));
  if (a.build) {
    const limits = [a.build.maxParts !== undefined ? t('goals.maxParts', { count: a.build.maxParts }) : '', a.build.maxMass !== undefined ? t('goals.maxMass', { mass: num(a.build.maxMass) }) : ''].filter(Boolean);
    parts.push(limits.length ? t('goals.buildLimited', { limits: limits.join(', ') }) : t('goals.build'));
  }
  return parts.length ? parts.join('; ') : t('goals.watch');
}
