// MJCF default classes: `<default>` (the class "main") holds attribute defaults per element kind
// (geom, joint, motor, position, velocity, …); a nested `<default class="name">` starts from its
// parent's and overrides some. An element takes the class named by its own `class` attribute,
// else its body's (or an ancestor body's) `childclass`, else "main"; its own attributes win.
import { type Element, attribute, children, fail } from '../urdf/urdf_xml';

const ATTRIBUTE = '@_';
type Attributes = Record<string, string>;

/** Per class name, per element kind, the default attributes. */
export class DefaultClasses {
  private readonly classes = new Map<string, Map<string, Attributes>>();

  constructor(mujoco: Element) {
    const top = children(mujoco, 'default');
    if (top.length > 1) fail('mujoco/default', 'more than one top-level <default> (nest the classes in one)');
    this.classes.set('main', new Map());
    if (top[0]) this.read(top[0], 'main', new Map(), 'mujoco/default');
  }

  private read(element: Element, name: string, inherited: Map<string, Attributes>, place: string): void {
    const own = new Map<string, Attributes>();
    for (const [kind, attrs] of inherited) own.set(kind, { ...attrs });
    for (const [key, value] of Object.entries(element)) {
      if (key.startsWith(ATTRIBUTE) || key === 'default') continue;
      for (const child of Array.isArray(value) ? value : [value]) {
        const attrs = own.get(key) ?? {};
        for (const [a, v] of Object.entries((child ?? {}) as Element)) if (a.startsWith(ATTRIBUTE)) attrs[a.slice(ATTRIBUTE.length)] = String(v);
        own.set(key, attrs);
      }
    }
    this.classes.set(name, own);
    children(element, 'default').forEach((nested, i) => {
      const className = attribute(nested, 'class');
      const here = `${place}/default[${i + 1}]`;
      if (!className) fail(here, 'a nested <default> needs a class name');
      if (this.classes.has(className)) fail(here, `a second default class "${className}"`);
      this.read(nested, className, own, `${place}/default "${className}"`);
    });
  }

  has(name: string): boolean {
    return this.classes.has(name);
  }

  /** The element's attributes after its class's defaults for `kind`; `childclass` is the body's. */
  resolve(element: Element, kind: string, childclass: string, place: string): Attributes {
    const className = attribute(element, 'class') ?? childclass;
    const defaults = this.classes.get(className);
    if (!defaults) fail(place, `class "${className}" is not a default class of this model`);
    const resolved: Attributes = { ...(defaults.get(kind) ?? {}) };
    for (const [a, v] of Object.entries(element)) if (a.startsWith(ATTRIBUTE)) resolved[a.slice(ATTRIBUTE.length)] = String(v);
    delete resolved.class;
    return resolved;
  }
}
