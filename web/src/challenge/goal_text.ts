// A challenge's goal in plain words, made from its predicate (meta.challenge.goal): what the
// goal panel says, so a student reads "the ball inside the cup before 5 s" rather than JSON.
// Unknown shapes are said as "a condition" (the loader has checked the scene already).

type Predicate = Record<string, unknown>;

const num = (x: unknown): string => (typeof x === 'number' ? String(Number(x.toPrecision(6))) : '?');
// A link is said by its own name ("launch/ball" → “ball”): the articulation's is scaffolding.
const name = (x: unknown): string => (typeof x === 'string' ? `“${x.slice(x.lastIndexOf('/') + 1) || x}”` : '?');

function list(parts: unknown, joiner: string): string {
  const items = Array.isArray(parts) ? parts.map((p) => goalText(p)) : [];
  if (items.length <= 1) return items[0] ?? 'nothing';
  return `${items.slice(0, -1).join(', ')} ${joiner} ${items[items.length - 1]}`;
}

function leaf(key: string, v: Predicate): string | null {
  switch (key) {
    case 'inside': {
      const point = Array.isArray(v.point) && v.point.some((c) => c !== 0) ? ` (its point [${(v.point as number[]).map(num).join(', ')}])` : '';
      return `${name(v.body)}${point} inside the region ${name(v.region)}`;
    }
    case 'joint':
      return `joint ${name(v.name)} within ${num(v.within)} of ${num(v.near)}`;
    case 'speed':
      return `${name(v.body)} moving slower than ${num(v.below)} m/s`;
    case 'height':
      return `${name(v.body)} higher than ${num(v.above)} m`;
    case 'energyUsed':
      return `less than ${num(v.below)} J of work put in`;
    case 'touching':
      return `${name(v.a)} touching ${name(v.b)}`;
    default:
      return null;
  }
}

/** The predicate in words. */
export function goalText(predicate: unknown): string {
  if (!predicate || typeof predicate !== 'object') return 'a condition';
  const [key, value] = Object.entries(predicate as Predicate)[0] ?? ['', null];
  const v = (value ?? {}) as Predicate;
  switch (key) {
    case 'all':
      return list(value, 'and');
    case 'any':
      return `either ${list(value, 'or')}`;
    case 'not':
      return `not (${goalText(value)})`;
    case 'always':
      return `all the time: ${goalText(value)}`;
    case 'holdFor':
      return `${goalText(v.goal)}, held for ${num(v.seconds)} s`;
    case 'before':
      return `${goalText(v.goal)} by t = ${num(v.time)} s`;
    default:
      return leaf(key, v) ?? 'a condition';
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
  if (a.sliders) parts.push('the sliders (Controls → Scene)');
  if (a.controller) parts.push('the controller’s code');
  if (a.build) {
    const limits = [a.build.maxParts !== undefined ? `at most ${a.build.maxParts} parts` : '', a.build.maxMass !== undefined ? `${a.build.maxMass} kg in all` : ''].filter(Boolean);
    parts.push(`parts added in build mode${limits.length ? ` (${limits.join(', ')})` : ''}`);
  }
  return parts.length ? parts.join('; ') : 'nothing (watch it run)';
}
