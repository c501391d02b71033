// A challenge's goal compiled into an evaluator: one node per predicate, each temporal one
// (holdFor, always, before) keeping its own state between steps. It is evaluated once after
// every step; every node is evaluated every time (no short-circuit), so temporal state never
// depends on the order of siblings and each evaluation costs O(size of the goal).
// The goal is assumed checked (lib/challenge_check.ts); a shape it cannot compile throws.
import type { ChallengeProbe, Predicate, Region } from './challenge_types';
import type { Vec3 } from '../types';

/** Times within this of a bound count as on it (t is steps × dt, a bound a decimal). */
export const TIME_TOLERANCE = 1e-9;

export interface PredicateEvaluator {
  /** The goal's truth after the step the probe shows; advances the temporal nodes' state. */
  evaluate(probe: ChallengeProbe): boolean;
  /** Forgets all temporal state (a run started again). */
  reset(): void;
  /** The outermost holdFor (the goal itself, or one of a top-level `all`): how long it has held so far, or null. */
  held(): { seconds: number; needed: number } | null;
}

interface Node {
  evaluate(probe: ChallengeProbe): boolean;
  reset(): void;
}

class HoldFor implements Node {
  private runStart: number | null = null;
  seconds = 0;

  constructor(
    readonly needed: number,
    private readonly goal: Node,
  ) {}

  evaluate(probe: ChallengeProbe): boolean {
    const t = probe.time();
    if (!this.goal.evaluate(probe)) {
      this.runStart = null;
      this.seconds = 0;
      return false;
    }
    if (this.runStart === null) this.runStart = t;
    // The run covers its steps' whole intervals: a first true step already counts one dt.
    this.seconds = t - this.runStart + probe.timestep();
    return this.seconds >= this.needed - TIME_TOLERANCE;
  }

  reset(): void {
    this.runStart = null;
    this.seconds = 0;
    this.goal.reset();
  }
}

const stateless = (evaluate: (probe: ChallengeProbe) => boolean, children: Node[] = []): Node => ({
  evaluate,
  reset: () => children.forEach((child) => child.reset()),
});

/** Once false, false for good. */
function always(goal: Node): Node {
  let held = true;
  return {
    evaluate: (probe) => {
      const now = goal.evaluate(probe);
      held = held && now;
      return held;
    },
    reset: () => {
      held = true;
      goal.reset();
    },
  };
}

/** True for good from the first step at or before `time` where the goal holds. */
function before(time: number, goal: Node): Node {
  let latched = false;
  return {
    evaluate: (probe) => {
      const now = goal.evaluate(probe);
      if (!latched && now && probe.time() <= time + TIME_TOLERANCE) latched = true;
      return latched;
    },
    reset: () => {
      latched = false;
      goal.reset();
    },
  };
}

function every(children: Node[]): Node {
  return stateless((probe) => {
    let all = true;
    for (const child of children) all = child.evaluate(probe) && all;
    return all;
  }, children);
}

function some(children: Node[]): Node {
  return stateless((probe) => {
    let any = false;
    for (const child of children) any = child.evaluate(probe) || any;
    return any;
  }, children);
}

function inside(body: string, region: Region, point: Vec3 | undefined): Node {
  const [cx, cy, cz] = region.center, [sx, sy, sz] = region.size;
  return stateless((probe) => {
    const [x, y, z] = probe.bodyPosition(body, point);
    return Math.abs(x - cx) <= sx / 2 && Math.abs(y - cy) <= sy / 2 && Math.abs(z - cz) <= sz / 2;
  });
}

class Compiler {
  constructor(private readonly regions: ReadonlyMap<string, Region>) {}

  node(predicate: Predicate, path: string): Node {
    const keys = predicate !== null && typeof predicate === 'object' ? Object.keys(predicate) : [];
    if (keys.length !== 1) throw new TypeError(`${path}: a predicate is an object with exactly one key`);
    const p = predicate;
    if ('all' in p) return every(p.all.map((child, i) => this.node(child, `${path}/all/${i}`)));
    if ('any' in p) return some(p.any.map((child, i) => this.node(child, `${path}/any/${i}`)));
    if ('not' in p) {
      const child = this.node(p.not, `${path}/not`);
      return stateless((probe) => !child.evaluate(probe), [child]);
    }
    if ('always' in p) return always(this.node(p.always, `${path}/always`));
    if ('before' in p) return before(p.before.time, this.node(p.before.goal, `${path}/before/goal`));
    if ('holdFor' in p) return new HoldFor(p.holdFor.seconds, this.node(p.holdFor.goal, `${path}/holdFor/goal`));
    return this.leaf(p, path);
  }

  private leaf(p: Predicate, path: string): Node {
    if ('inside' in p) {
      const { body, region, point } = p.inside;
      const box = this.regions.get(region);
      if (!box) throw new RangeError(`${path}/inside/region: no region named "${region}"`);
      return inside(body, box, point);
    }
    if ('joint' in p) {
      const { name, near, within } = p.joint;
      return stateless((probe) => Math.abs(probe.jointQ(name) - near) <= within);
    }
    if ('speed' in p) {
      const { body, below } = p.speed;
      return stateless((probe) => Math.hypot(...probe.bodyVelocity(body)) < below);
    }
    if ('height' in p) {
      const { body, above } = p.height;
      return stateless((probe) => probe.bodyPosition(body)[2] > above);
    }
    if ('energyUsed' in p) {
      const { below } = p.energyUsed;
      return stateless((probe) => probe.energyUsed() < below);
    }
    if ('touching' in p) {
      const { a, b } = p.touching;
      return stateless((probe) => probe.touching(a, b));
    }
    throw new TypeError(`${path}: unknown predicate "${Object.keys(p)[0]}"`);
  }
}

/** The evaluator of a goal over the challenge's regions. */
export function compilePredicate(goal: Predicate, regions: readonly Region[] = []): PredicateEvaluator {
  const compiler = new Compiler(new Map(regions.map((r) => [r.name, r])));
  // The hold shown as progress: the goal's own, or the first directly under a top-level `all`.
  let root: Node, shown: HoldFor | undefined;
  if (goal !== null && typeof goal === 'object' && Object.keys(goal).length === 1 && 'all' in goal && Array.isArray(goal.all)) {
    const children = goal.all.map((child, i) => compiler.node(child, `/goal/all/${i}`));
    shown = children.find((child): child is HoldFor => child instanceof HoldFor);
    root = every(children);
  } else {
    root = compiler.node(goal, '/goal');
    shown = root instanceof HoldFor ? root : undefined;
  }
  return {
    evaluate: (probe) => root.evaluate(probe),
    reset: () => root.reset(),
    held: () => (shown ? { seconds: shown.seconds, needed: shown.needed } : null),
  };
}
