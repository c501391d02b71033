// MJCF default classes: `<default>` (the class "main") holds attribute defaults per element kind
// (geom, joint, motor, position, velocity, …); a nested `<default class="name">` starts from its
// parent's and overrides some. An element takes the class named by its own `class` attribute,
// else its body's (or an ancestor body's) `childclass`, else "main"; its own attributes win.
//
// Classes can amplify a small file (each level inheriting all of its parent's attributes, many
// elements taking a deep class), so a class's attributes for a kind are built only when an
// element asks for them, once, from its parent's; every attribute built or copied counts
// against the expansion budget before the work is done, so the work is linear in what is counted.
import { type Element, attribute, children } from '../xml/xml_reader';
import { MJCF_BUDGET, fail } from './mjcf_xml';

const ATTRIBUTE = '@_';
type Attributes = Record<string, string>;

interface DefaultClass {
  parent: DefaultClass | null;
  own: Map<string, Map<string, string>>; // per kind, what this class's <default> sets itself
  resolved: Map<string, Map<string, string>>; // per kind, with the inherited ones (built on demand)
}

const count = (n: number) => n.toLocaleString('en-US');

/** Per class name, per element kind, the default attributes. */
export class DefaultClasses {
  private readonly classes = new Map<string, DefaultClass>();
  private attributes = 0;
  private elements = 0;

  constructor(mujoco: Element) {
    const top = children(mujoco, 'default');
    if (top.length > 1) fail('mujoco/default', 'more than one top-level <default> (nest the classes in one)');
    const main: DefaultClass = { parent: null, own: new Map(), resolved: new Map() };
    this.classes.set('main', main);
    if (!top[0]) return;
    // Depth first with an explicit stack: classes nest as deep as the nesting budget allows.
    const stack = [{ element: top[0], entry: main, place: 'mujoco/default' }];
    for (let next = stack.pop(); next; next = stack.pop()) {
      const { element, entry, place } = next;
      this.readOwn(element, entry, place);
      const nested = children(element, 'default').map((child, i) => {
        const className = attribute(child, 'class');
        const here = `${place}/default[${i + 1}]`;
        if (!className) fail(here, 'a nested <default> needs a class name');
        if (this.classes.has(className)) fail(here, `a second default class "${className}"`);
        const created: DefaultClass = { parent: entry, own: new Map(), resolved: new Map() };
        this.classes.set(className, created);
        return { element: child, entry: created, place: `${place}/default "${className}"` };
      });
      for (let k = nested.length - 1; k >= 0; k--) stack.push(nested[k]);
    }
  }

  private readOwn(element: Element, entry: DefaultClass, place: string): void {
    for (const [key, value] of Object.entries(element)) {
      if (key.startsWith(ATTRIBUTE) || key === 'default') continue;
      for (const child of Array.isArray(value) ? value : [value]) {
        const attrs = entry.own.get(key) ?? new Map<string, string>();
        for (const [a, v] of Object.entries((child ?? {}) as Element)) {
          if (!a.startsWith(ATTRIBUTE)) continue;
          this.spend(1, `${place}/${key}`);
          attrs.set(a.slice(ATTRIBUTE.length), String(v));
        }
        entry.own.set(key, attrs);
      }
    }
  }

  /** Counts attributes about to be built or copied; refuses past the budget, naming the element. */
  private spend(attributes: number, place: string): void {
    this.attributes += attributes;
    if (this.attributes > MJCF_BUDGET.expandedAttributes) {
      fail(place, `default classes expand the model past the budget of ${count(MJCF_BUDGET.expandedAttributes)} attributes (each element counts its own and its class's)`);
    }
  }

  /** A class's attributes for `kind`, built from the nearest ancestor that has them. */
  private classAttributes(entry: DefaultClass, kind: string, place: string): Map<string, string> {
    const missing: DefaultClass[] = [];
    let from: DefaultClass | null = entry;
    while (from && !from.resolved.has(kind)) {
      missing.push(from);
      from = from.parent;
    }
    let attrs = from?.resolved.get(kind) ?? new Map<string, string>();
    for (const c of missing.reverse()) {
      const own = c.own.get(kind);
      if (own) {
        this.spend(attrs.size + own.size, place);
        attrs = new Map(attrs);
        for (const [a, v] of own) attrs.set(a, v);
      }
      c.resolved.set(kind, attrs); // shared with the parent when the class adds nothing
    }
    return attrs;
  }

  has(name: string): boolean {
    return this.classes.has(name);
  }

  /** The element's attributes after its class's defaults for `kind`; `childclass` is the body's. */
  resolve(element: Element, kind: string, childclass: string, place: string): Attributes {
    if (++this.elements > MJCF_BUDGET.expandedElements) {
      fail(place, `more than ${count(MJCF_BUDGET.expandedElements)} elements take default classes, the budget of a model`);
    }
    const className = attribute(element, 'class') ?? childclass;
    const entry = this.classes.get(className);
    if (!entry) fail(place, `class "${className}" is not a default class of this model`);
    const defaults = this.classAttributes(entry, kind, place);
    const own = Object.keys(element).filter((a) => a.startsWith(ATTRIBUTE));
    this.spend(defaults.size + own.length, place);
    const resolved: Attributes = Object.fromEntries(defaults);
    for (const a of own) resolved[a.slice(ATTRIBUTE.length)] = String(element[a]);
    delete resolved.class;
    return resolved;
  }
}
