// URDF (the ROS robot description) to a Featherweight scene: one articulation whose links are
// the URDF's links, parents first, each joined to its parent by the URDF joint that names it as
// child. Both formats put a link's frame at its joint after the joint's motion, so origins,
// axes and inertials carry over. What cannot carry over (meshes, the world attachment, massless
// moving links) is said in the returned notices, which also become the scene's `observe` lines.
import { type Mat3, type Vec3, IDENTITY, add, apply, multiply, quaternionToMatrix, rpyToMatrix, tidy } from '../math/math3d';
import type { Body, Fixed, Free, Joint, JointLimits, Link, OneDofJoint, Pose, Scene, SceneCamera, Shape } from '../scene/scene_types';
import { type Element, XmlError, attribute, children, numberAttribute, optionalChild, parseXml, vectorAttribute } from '../xml/xml_reader';
import { type LinkInertial, inertialJson, readInertial, readShapes, robotColors } from './urdf_link';
import { type UrdfJoint, type UrdfLink, type UrdfTree, readTree } from './urdf_tree';
import { UrdfError, fail, originOf } from './urdf_xml';

export { UrdfError } from './urdf_xml';

/** Stand-in mass properties for a link URDF leaves massless but the engine must move: 1 g. */
const PLACEHOLDER_INERTIAL = { mass: 0.001, inertia: { ixx: 1e-7, iyy: 1e-7, izz: 1e-7 } };

const isZero = (v: readonly number[]): boolean => v.every((x) => Math.abs(x) < 1e-12);

function originJson(xyz: Vec3, rpy: Vec3): Pose | undefined {
  if (isZero(xyz) && isZero(rpy)) return undefined;
  const origin: Pose = { position: xyz };
  if (!isZero(rpy)) origin.rpy = rpy;
  return origin;
}

function axisOf(joint: UrdfJoint): Vec3 {
  const element = optionalChild(joint.element, 'axis', joint.place);
  // URDF's default axis is x.
  const axis: Vec3 = element ? vectorAttribute(element, 'xyz', `${joint.place}/axis`, [1, 0, 0]) : [1, 0, 0];
  const length = Math.hypot(...axis);
  if (length < 1e-9) fail(`${joint.place}/axis`, 'axis must not be zero');
  return [tidy(axis[0] / length), tidy(axis[1] / length), tidy(axis[2] / length)];
}

/** The scene joint for a URDF joint between two links (not the root's). */
function jointJson(joint: UrdfJoint, notices: string[]): Joint {
  const { xyz, rpy } = originOf(joint.element, joint.place);
  const origin = originJson(xyz, rpy);
  if (joint.type === 'fixed') return origin ? { type: 'fixed', origin } : { type: 'fixed' };
  if (joint.type === 'floating') {
    fail(joint.place, 'a floating joint can only attach the base to an empty root link (such as "world"): Featherweight lets only the root of a tree float');
  }

  const scene: OneDofJoint = { type: joint.type === 'prismatic' ? 'prismatic' : 'revolute', axis: axisOf(joint) };
  if (origin) scene.origin = origin;
  if (joint.type !== 'continuous') {
    const limits = limitsOf(joint);
    if (limits) scene.limits = limits;
    else notices.push(`Joint "${joint.name}" has no lower and upper limit: it moves freely.`);
  }
  const dynamics = optionalChild(joint.element, 'dynamics', joint.place);
  if (dynamics) {
    const at = `${joint.place}/dynamics`;
    const damping = numberAttribute(dynamics, 'damping', at, 0);
    const friction = numberAttribute(dynamics, 'friction', at, 0);
    if (damping < 0) fail(at, `damping must not be negative, got ${damping}`);
    if (friction < 0) fail(at, `friction must not be negative, got ${friction}`);
    if (damping > 0) scene.damping = damping;
    // URDF's friction is the Coulomb bound, as is the scene's.
    if (friction > 0) scene.friction = friction;
  }
  if (optionalChild(joint.element, 'mimic', joint.place)) notices.push(`Joint "${joint.name}": <mimic> is ignored; the joint moves on its own.`);
  return scene;
}

function limitsOf(joint: UrdfJoint): JointLimits | undefined {
  const limit = optionalChild(joint.element, 'limit', joint.place);
  if (!limit || (attribute(limit, 'lower') === undefined && attribute(limit, 'upper') === undefined)) return undefined;
  const at = `${joint.place}/limit`;
  const lower = numberAttribute(limit, 'lower', at, 0);
  const upper = numberAttribute(limit, 'upper', at, 0);
  if (!(lower < upper)) fail(at, `upper (${upper}) must be above lower (${lower})`);
  return { lower, upper };
}

function hasGeometryOrMass(link: UrdfLink, inertial: LinkInertial | undefined): boolean {
  return inertial !== undefined || children(link.element, 'visual').length > 0 || children(link.element, 'collision').length > 0;
}

/**
 * How the tree meets the world: the root link fixed at the origin, or, when an empty root (like
 * "world") has a single floating joint, that joint's child as a free-floating root.
 */
function worldAttachment(tree: UrdfTree, notices: string[]): { sceneRoot: UrdfLink; rootJoint: Fixed | Free; dropped?: UrdfLink } {
  const floating = [...tree.parentJoint.values()].find((joint) => joint.type === 'floating');
  const rootChildren = tree.childJoints.get(tree.root.name) ?? [];
  if (!floating) {
    notices.push(`The root link "${tree.root.name}" is fixed to the world at the origin (the URDF has no floating joint).`);
    return { sceneRoot: tree.root, rootJoint: { type: 'fixed' } };
  }
  const emptyRoot = !hasGeometryOrMass(tree.root, readInertial(tree.root.element, tree.root.place));
  if (floating.parent !== tree.root.name || rootChildren.length !== 1 || !emptyRoot) {
    fail(floating.place, 'a floating joint can only attach the base to an empty root link (such as "world") that has no other joints: Featherweight lets only the root of a tree float');
  }
  const { xyz, rpy } = originOf(floating.element, floating.place);
  const origin = originJson(xyz, rpy);
  notices.push(`Link "${floating.child}" floats freely (floating joint "${floating.name}").`);
  const sceneRoot = tree.order.find((link) => link.name === floating.child)!;
  return { sceneRoot, rootJoint: origin ? { type: 'free', origin } : { type: 'free' }, dropped: tree.root };
}

interface Placement {
  rotation: Mat3;
  position: Vec3;
}

// Half the height of a shape turned by `rotation` (world from shape): how far it reaches up and down.
function halfHeight(shape: Shape, rotation: Mat3): number {
  const up = rotation[2]; // the world z axis in shape coordinates
  if (shape.type === 'box') return (Math.abs(up[0]) * shape.size[0] + Math.abs(up[1]) * shape.size[1] + Math.abs(up[2]) * shape.size[2]) / 2;
  if (shape.type !== 'sphere' && shape.type !== 'capsule' && shape.type !== 'cylinder') return 0;
  const radius = shape.radius;
  if (shape.type === 'sphere') return radius;
  const alongAxis = (Math.abs(up[2]) * shape.length) / 2;
  const across = radius * Math.sqrt(Math.max(0, 1 - up[2] * up[2]));
  return alongAxis + (shape.type === 'capsule' ? radius : across);
}

/** The radius of a sphere about a shape's centre that holds it. */
function boundingRadius(shape: Shape): number {
  if (shape.type === 'box') return Math.hypot(...shape.size) / 2;
  if (shape.type === 'sphere') return shape.radius;
  if (shape.type === 'capsule' || shape.type === 'cylinder') return shape.radius + shape.length / 2;
  return 0;
}

// Where the robot is at q = 0: link origins and shape centres, each with a bounding radius (for
// the camera) and its half height (for the floor).
function robotExtent(links: Link[]): { point: Vec3; radius: number; halfHeight: number }[] {
  const poses = new Map<string, Placement>();
  const points: { point: Vec3; radius: number; halfHeight: number }[] = [];
  for (const link of links) {
    const origin = link.joint.origin ?? {};
    const parent = typeof link.parent === 'string' ? poses.get(link.parent)! : { rotation: IDENTITY, position: [0, 0, 0] as Vec3 };
    const pose = {
      rotation: multiply(parent.rotation, rpyToMatrix(origin.rpy ?? [0, 0, 0])),
      position: add(parent.position, apply(parent.rotation, origin.position ?? [0, 0, 0])),
    };
    poses.set(link.name, pose);
    points.push({ point: pose.position, radius: 0, halfHeight: 0 });
    for (const shape of link.shapes ?? []) {
      const turn = shape.quaternion ? quaternionToMatrix(shape.quaternion) : rpyToMatrix(shape.rpy ?? [0, 0, 0]);
      points.push({
        point: add(pose.position, apply(pose.rotation, shape.position ?? [0, 0, 0])),
        radius: boundingRadius(shape),
        halfHeight: halfHeight(shape, multiply(pose.rotation, turn)),
      });
    }
  }
  return points;
}

/** A view from the front-left, a little above, with the whole robot in the field of view. */
function cameraFraming(points: { point: Vec3; radius: number }[]): SceneCamera {
  const low = [0, 1, 2].map((i) => Math.min(...points.map((p) => p.point[i] - p.radius)));
  const high = [0, 1, 2].map((i) => Math.max(...points.map((p) => p.point[i] + p.radius)));
  const target = [0, 1, 2].map((i) => (low[i] + high[i]) / 2) as Vec3;
  const radius = Math.max(0.25, Math.hypot(high[0] - low[0], high[1] - low[1], high[2] - low[2]) / 2);
  const fov = 45;
  const distance = (1.2 * radius) / Math.sin(((fov / 2) * Math.PI) / 180);
  const direction = [0.45, -1, 0.45].map((x) => x / Math.hypot(0.45, 1, 0.45));
  const position: Vec3 = [tidy(target[0] + distance * direction[0]), tidy(target[1] + distance * direction[1]), tidy(target[2] + distance * direction[2])];
  return { position, target: [tidy(target[0]), tidy(target[1]), tidy(target[2])], fov };
}

function convert(document: Element, fileName: string): { scene: Scene; notices: string[] } {
  const robots = children(document, 'robot');
  if (robots.length !== 1) fail('robot', `expected one <robot> element, found ${robots.length}`);
  const robot = robots[0];
  const robotName = (attribute(robot, 'name') ?? '').trim() || 'robot';
  const notices: string[] = [];
  const tree = readTree(robot);
  const colors = robotColors(robot);
  const { sceneRoot, rootJoint, dropped } = worldAttachment(tree, notices);

  const links: Link[] = [];
  const massless: string[] = [];
  const drawnOnly: string[] = [];
  for (const link of tree.order) {
    if (link === dropped) continue;
    const inertial = readInertial(link.element, link.place);
    const { shapes, drawnOnly: visualOnly } = readShapes(link.element, link.name, link.place, inertial, colors, notices);
    if (visualOnly) drawnOnly.push(link.name);
    const isRoot = link === sceneRoot;
    const joint = isRoot ? rootJoint : jointJson(tree.parentJoint.get(link.name)!, notices);
    const scene: Link = isRoot ? { name: link.name, joint } : { name: link.name, parent: tree.parentJoint.get(link.name)!.parent, joint };
    if (inertial) {
      scene.inertial = inertialJson(inertial);
    } else if (joint.type !== 'fixed' || shapes.length > 0) {
      // URDF leaves the link massless; the loader would take a mass from the shapes' density (or
      // refuse a moving link without any), so a negligible one is given instead.
      scene.inertial = structuredClone(PLACEHOLDER_INERTIAL);
      if (joint.type !== 'fixed') massless.push(link.name);
    }
    if (shapes.length > 0) scene.shapes = shapes;
    links.push(scene);
  }
  if (massless.length > 0) {
    notices.push(`Moving links without <inertial> (${massless.map((n) => `"${n}"`).join(', ')}) get a 1 g placeholder mass so that the engine can move them.`);
  }
  if (drawnOnly.length > 0) {
    notices.push(`Links without <collision> (${drawnOnly.map((n) => `"${n}"`).join(', ')}) show their visual geometry, which does not collide.`);
  }

  const articulationName = robotName.replace(/\//g, '-');
  const extent = robotExtent(links);
  const lowest = Math.min(...extent.map((p) => p.point[2] - p.halfHeight));
  // The floor at z = 0, or just below the robot when it hangs lower than that.
  const groundHeight = lowest < -1e-9 ? tidy(lowest - 0.05) : 0;
  const ground: Body = {
    name: articulationName === 'ground' ? 'floor' : 'ground',
    static: true,
    shapes: [{ type: 'plane', color: '#d9dde3', friction: 0.6 }],
  };
  if (groundHeight !== 0) ground.position = [0, 0, groundHeight];
  const camera = cameraFraming(extent);
  const jointCount = children(robot, 'joint').length;

  const scene: Scene = {
    format: 'featherweight-scene',
    version: 1,
    meta: {
      title: robotName,
      description: `Imported from ${fileName}: the URDF robot "${robotName}" with ${tree.order.length} links and ${jointCount} joints.`,
      observe: [...notices],
    },
    world: { gravity: [0, 0, -9.81], timestep: 1 / 240 },
    bodies: [ground],
    articulations: [{ name: articulationName, links }],
    camera,
  };
  return { scene, notices };
}

/**
 * Converts a URDF document into a Featherweight scene. Throws an Error naming the place of the
 * problem: "FILE line L, column C: …" for XML syntax, "FILE: robot/joint "elbow"/axis: …" for
 * content the scene format cannot express or that is not a valid URDF tree.
 */
export function urdfToScene(xml: string, fileName: string): { scene: Scene; notices: string[] } {
  let document: Element;
  try {
    document = parseXml(xml, fileName);
  } catch (error) {
    if (error instanceof XmlError) throw new UrdfError(error.message, error.element, error.line);
    throw error;
  }
  try {
    return convert(document, fileName);
  } catch (error) {
    if (error instanceof XmlError) throw new UrdfError(`${fileName}: ${error.message}`, error.element, error.line);
    throw error;
  }
}
