// The kinematic tree of a URDF: its links and joints checked to form one tree (every link at most
// one parent, one root, no cycle), listed parents first as the scene format wants.
import { type Element, children, requiredAttribute, requiredChild } from '../xml/xml_reader';
import { fail } from './urdf_xml';

export const SUPPORTED_JOINT_TYPES = ['revolute', 'continuous', 'prismatic', 'fixed', 'floating'] as const;
export type UrdfJointType = (typeof SUPPORTED_JOINT_TYPES)[number];

export interface UrdfLink {
  name: string;
  element: Element;
  place: string;
}

export interface UrdfJoint {
  name: string;
  type: UrdfJointType;
  parent: string;
  child: string;
  element: Element;
  place: string;
}

export interface UrdfTree {
  root: UrdfLink;
  /** Every link, parents before their children (depth first, children in document order). */
  order: UrdfLink[];
  /** The joint that attaches each non-root link to its parent. */
  parentJoint: Map<string, UrdfJoint>;
  /** The joints leaving each link, in document order. */
  childJoints: Map<string, UrdfJoint[]>;
}

function checkedName(element: Element, kind: string, place: string): string {
  const name = requiredAttribute(element, 'name', place).trim();
  // Scene names join articulation and link with '/', so a name may not contain one.
  if (name.includes('/')) fail(`robot/${kind} "${name}"`, 'names with "/" cannot be used (the scene format joins names with "/")');
  return name;
}

function readLinks(robot: Element): Map<string, UrdfLink> {
  const links = new Map<string, UrdfLink>();
  children(robot, 'link').forEach((element, i) => {
    const name = checkedName(element, 'link', `robot/link[${i + 1}]`);
    const place = `robot/link "${name}"`;
    if (links.has(name)) fail(place, 'a second link with this name');
    links.set(name, { name, element, place });
  });
  if (links.size === 0) fail('robot', 'no <link> elements');
  return links;
}

function readJoint(element: Element, index: number, links: Map<string, UrdfLink>): UrdfJoint {
  const name = checkedName(element, 'joint', `robot/joint[${index + 1}]`);
  const place = `robot/joint "${name}"`;
  const type = requiredAttribute(element, 'type', place);
  if (type === 'planar') {
    fail(place, 'planar joints are not supported: Featherweight has no planar (2-D sliding) joint; model it as two prismatic joints and a revolute one');
  }
  if (!(SUPPORTED_JOINT_TYPES as readonly string[]).includes(type)) {
    fail(place, `unknown joint type "${type}" (expected ${SUPPORTED_JOINT_TYPES.join(', ')})`);
  }
  const linkOf = (end: 'parent' | 'child'): string => {
    const endPlace = `${place}/${end}`;
    const link = requiredAttribute(requiredChild(element, end, place), 'link', endPlace).trim();
    if (!links.has(link)) fail(endPlace, `no link named "${link}"`);
    return link;
  };
  const parent = linkOf('parent');
  const child = linkOf('child');
  if (parent === child) fail(place, `joins link "${parent}" to itself (a cycle)`);
  return { name, type: type as UrdfJointType, parent, child, element, place };
}

// Follows parents from a link until one repeats: the cycle it runs into, as "a → b → a".
function describeCycle(start: string, parentJoint: Map<string, UrdfJoint>): string {
  const path: string[] = [];
  let link: string | undefined = start;
  while (link !== undefined && !path.includes(link)) {
    path.push(link);
    link = parentJoint.get(link)?.parent;
  }
  if (link === undefined) return start;
  // The walk went child to parent; told parent to child, starting where it closed.
  const cycle = path.slice(path.indexOf(link)).reverse();
  const fromClosing = [...cycle.slice(cycle.indexOf(link)), ...cycle.slice(0, cycle.indexOf(link))];
  return [...fromClosing, link].map((name) => `"${name}"`).join(' → ');
}

export function readTree(robot: Element): UrdfTree {
  const links = readLinks(robot);
  const parentJoint = new Map<string, UrdfJoint>();
  const childJoints = new Map<string, UrdfJoint[]>();
  const jointNames = new Set<string>();
  children(robot, 'joint').forEach((element, i) => {
    const joint = readJoint(element, i, links);
    if (jointNames.has(joint.name)) fail(joint.place, 'a second joint with this name');
    jointNames.add(joint.name);
    const earlier = parentJoint.get(joint.child);
    if (earlier) {
      fail(joint.place, `link "${joint.child}" already has a parent through joint "${earlier.name}": a link can have only one parent`);
    }
    parentJoint.set(joint.child, joint);
    childJoints.set(joint.parent, [...(childJoints.get(joint.parent) ?? []), joint]);
  });

  const roots = [...links.values()].filter((link) => !parentJoint.has(link.name));
  if (roots.length > 1) {
    fail('robot', `several root links (${roots.map((r) => `"${r.name}"`).join(', ')}): the links must form one tree joined by joints`);
  }
  if (roots.length === 0) {
    const first = links.keys().next().value as string;
    fail('robot', `no root link: the joints form a cycle ${describeCycle(first, parentJoint)}`);
  }

  const order: UrdfLink[] = [];
  const visit = (link: UrdfLink) => {
    order.push(link);
    for (const joint of childJoints.get(link.name) ?? []) visit(links.get(joint.child)!);
  };
  visit(roots[0]);
  // Every link has one parent, so a link the walk from the root missed sits on a cycle.
  const reached = new Set(order.map((link) => link.name));
  const unreached = [...links.keys()].find((name) => !reached.has(name));
  if (unreached !== undefined) fail('robot', `the joints form a cycle ${describeCycle(unreached, parentJoint)}`);
  return { root: roots[0], order, parentJoint, childJoints };
}
