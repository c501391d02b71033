// Build mode's properties panel (lil-gui): the selected part's size, mass, friction, restitution,
// colour, static or not, pose and initial velocities; the selected joint's kind, anchor, axis,
// limits, spring, damping and motor, and whether it is a tree joint or a loop closure and why;
// with nothing selected, the world (gravity, time step, integrator, ground). Each finished change
// is one edit, handed over as a function from the old doc to the new one.
import GUI from 'lil-gui';
import * as THREE from 'three';
import { JOINT_KINDS, partById, sizeLabels, volumeOf, type BuildDoc, type BuildJoint, type Part, type Quat, type Vec3, WORLD } from './build_doc';
import type { JointRole } from './build_to_scene';
import { connectorById } from './build_parts';
import { showConnector } from './build_parts_panel';
import { quatOf, tidy as tidyTo, toQuaternion, toVector, vec3Of } from '../math/math3d';
import { onLanguageChange, t } from '../i18n/i18n';
import { translatedLabel } from '../i18n/gui_labels';

export interface Selection {
  parts: number[];
  joints: number[];
  /** Springs, strings and ropes (build_parts.ts). */
  connectors?: number[];
}

export interface PropertyEdits {
  edit(change: (doc: BuildDoc) => BuildDoc): void;
  duplicate(): void;
  remove(): void;
  meta(): void;
}

const DEGREE = Math.PI / 180;
const TIMESTEPS: Record<string, number> = { '1/60 s': 1 / 60, '1/120 s': 1 / 120, '1/240 s': 1 / 240, '1/480 s': 1 / 480, '1 ms': 0.001 };
const tidy = (x: number) => tidyTo(x, 10); // typed values, to 10 digits

export function rpyOf(q: Quat): Vec3 {
  const e = new THREE.Euler().setFromQuaternion(toQuaternion(q), 'ZYX');
  const degrees = (radians: number) => Math.round((radians / DEGREE) * 1e4) / 1e4 + 0; // to 0.0001°: no float dust
  return [degrees(e.x), degrees(e.y), degrees(e.z)];
}

export function quaternionOf(rpyDegrees: Vec3): Quat {
  const q = new THREE.Quaternion().setFromEuler(new THREE.Euler(rpyDegrees[0] * DEGREE, rpyDegrees[1] * DEGREE, rpyDegrees[2] * DEGREE, 'ZYX'));
  return quatOf(q, 10);
}

export class BuildProperties {
  readonly gui: GUI;

  constructor(host: HTMLElement, private readonly edits: PropertyEdits) {
    this.gui = translatedLabel(new GUI({ container: host, title: t('buildprops.properties') }), () => t('buildprops.properties'));
    onLanguageChange(() => this.shown?.()); // the rows again, in the new words
    if (window.matchMedia('(max-width: 600px)').matches) this.gui.close(); // a phone keeps the view: tap the title to open
  }

  private shown: (() => void) | null = null;

  show(doc: BuildDoc, selection: Selection, roles: Map<number, JointRole>): void {
    this.shown = () => this.show(doc, selection, roles);
    for (const child of [...this.gui.children]) child.destroy();
    const parts = selection.parts.map((id) => partById(doc, id)).filter((p): p is Part => p !== undefined);
    const joint = doc.joints.find((j) => j.id === selection.joints[0]);
    const connector = connectorById(doc, selection.connectors?.[0] ?? NaN);
    if (connector) showConnector(this.gui, doc, connector, (change) => this.edits.edit(change), () => this.edits.remove());
    else if (parts.length === 1 && selection.joints.length === 0) this.showPart(parts[0]);
    else if (parts.length > 1) this.showParts(parts);
    else if (joint) this.showJoint(doc, joint, roles.get(joint.id));
    else this.showWorld(doc);
  }

  private editPart(id: number, change: (p: Part) => Part): void {
    this.edits.edit((doc) => ({ ...doc, parts: doc.parts.map((p) => (p.id === id ? change(p) : p)) }));
  }

  private showPart(part: Part): void {
    const folder = this.gui.addFolder(t('buildprops.part', { name: part.name, shape: t(`build.shapes.${part.shape}`) }));
    const values: Record<string, number | string | boolean> = { name: part.name, mass: tidy(part.inertial?.mass ?? part.density * volumeOf(part)), friction: part.friction, restitution: part.restitution, color: part.color, static: part.static };
    folder.add(values, 'name').name(t('buildprops.name')).onFinishChange((name: string) => this.edits.edit((doc) => {
      const clean = name.trim();
      if (clean === '' || clean.includes('/') || doc.parts.some((p) => p.name === clean && p.id !== part.id)) return doc; // said by the status line
      return { ...doc, parts: doc.parts.map((p) => (p.id === part.id ? { ...p, name: clean } : p)) };
    }));
    sizeLabels(part.shape).forEach((label, k) => {
      values[label] = part.size[k];
      folder.add(values, label, 0.01, 20, 0.01).name(t(`buildprops.sizes.${label}`)).onFinishChange((v: number) => this.editPart(part.id, (p) => ({ ...p, size: p.size.map((s, i) => (i === k ? v : s)) })));
    });
    if (part.shape === 'wedge') {
      // A ramp's slope as an angle: its height follows, its length and its base stay.
      values.angle = tidyTo((Math.atan2(part.size[2], part.size[0]) * 180) / Math.PI, 6);
      folder.add(values, 'angle', 1, 80, 0.5).name(t('buildprops.angle')).onFinishChange((deg: number) => this.editPart(part.id, (p) => rampAt(p, deg)));
    }
    if (!part.static) {
      folder.add(values, 'mass', 0.001, 1e4).decimals(3).name(t(part.inertial ? 'buildprops.massOwnInertia' : 'buildprops.mass')).onFinishChange((m: number) => this.editPart(part.id, (p) => withMass(p, m)));
    }
    folder.add(values, 'friction', 0, 2, 0.01).name(t('buildprops.friction')).onFinishChange((v: number) => this.editPart(part.id, (p) => ({ ...p, friction: v })));
    folder.add(values, 'restitution', 0, 1, 0.01).name(t('buildprops.restitution')).onFinishChange((v: number) => this.editPart(part.id, (p) => ({ ...p, restitution: v })));
    folder.addColor(values, 'color').name(t('buildprops.color')).onFinishChange((v: string) => this.editPart(part.id, (p) => ({ ...p, color: v })));
    folder.add(values, 'static').name(t('buildprops.static')).onChange((v: boolean) => this.editPart(part.id, (p) => ({ ...p, static: v })));
    this.vector(folder, t('buildprops.position'), part.position, (v) => this.editPart(part.id, (p) => ({ ...p, position: v })));
    this.vector(folder, t('buildprops.rpy'), rpyOf(part.quaternion), (v) => this.editPart(part.id, (p) => ({ ...p, quaternion: quaternionOf(v) })));
    if (!part.static) {
      this.vector(folder, t('buildprops.velocity'), part.linearVelocity, (v) => this.editPart(part.id, (p) => ({ ...p, linearVelocity: v })));
      this.vector(folder, t('buildprops.angularVelocity'), part.angularVelocity, (v) => this.editPart(part.id, (p) => ({ ...p, angularVelocity: v })));
    }
    this.actions(folder);
  }

  private showParts(parts: Part[]): void {
    const folder = this.gui.addFolder(t('buildprops.parts', { count: parts.length }));
    const ids = new Set(parts.map((p) => p.id));
    const all = (change: (p: Part) => Part) => this.edits.edit((doc) => ({ ...doc, parts: doc.parts.map((p) => (ids.has(p.id) ? change(p) : p)) }));
    const values = { friction: parts[0].friction, restitution: parts[0].restitution, color: parts[0].color, static: parts.every((p) => p.static) };
    folder.add(values, 'friction', 0, 2, 0.01).name(t('buildprops.frictionAll')).onFinishChange((v: number) => all((p) => ({ ...p, friction: v })));
    folder.add(values, 'restitution', 0, 1, 0.01).name(t('buildprops.restitutionAll')).onFinishChange((v: number) => all((p) => ({ ...p, restitution: v })));
    folder.addColor(values, 'color').name(t('buildprops.colorAll')).onFinishChange((v: string) => all((p) => ({ ...p, color: v })));
    folder.add(values, 'static').name(t('buildprops.staticAll')).onChange((v: boolean) => all((p) => ({ ...p, static: v })));
    this.actions(folder);
  }

  private showJoint(doc: BuildDoc, joint: BuildJoint, role: JointRole | undefined): void {
    const name = (id: number) => (id === WORLD ? t('buildprops.theWorld') : (partById(doc, id)?.name ?? '?'));
    const folder = this.gui.addFolder(t('buildprops.joint', { kind: t(`build.joints.${joint.kind}`), a: name(joint.a), b: name(joint.b) }));
    const editJoint = (change: (j: BuildJoint) => BuildJoint) => this.edits.edit((d) => ({ ...d, joints: d.joints.map((j) => (j.id === joint.id ? change(j) : j)) }));
    const info = { role: role ? t(role.role === 'tree' ? 'buildprops.tree' : 'buildprops.loop') : '', why: role?.why ?? '', kind: joint.kind };
    folder.add(info, 'role').name(t('buildprops.becomes')).disable();
    folder.add(info, 'why').name(t('buildprops.because')).disable();
    folder.add(info, 'kind', Object.fromEntries(JOINT_KINDS.map((kind) => [t(`build.joints.${kind}`), kind]))).name(t('buildprops.kind')).onChange((kind: BuildJoint['kind']) => editJoint((j) => ({ ...j, kind })));
    this.vector(folder, t('buildprops.anchor'), joint.anchor, (v) => editJoint((j) => ({ ...j, anchor: v })));
    if (joint.kind === 'hinge' || joint.kind === 'slider') {
      this.vector(folder, t('buildprops.axis'), joint.axis, (v) => editJoint((j) => ({ ...j, axis: Math.hypot(...v) > 0 ? v : j.axis })));
      if (role?.role === 'tree') this.jointDynamics(folder, joint, editJoint);
      else folder.add({ note: t('buildprops.treeOnly') }, 'note').name(t('buildprops.note')).disable();
    }
    this.actions(folder);
  }

  private jointDynamics(folder: GUI, joint: BuildJoint, editJoint: (change: (j: BuildJoint) => BuildJoint) => void): void {
    const unit = joint.kind === 'hinge' ? '°' : 'm';
    const v = {
      limited: joint.limits !== undefined, lower: joint.limits?.lower ?? (joint.kind === 'hinge' ? -90 : -0.5), upper: joint.limits?.upper ?? (joint.kind === 'hinge' ? 90 : 0.5),
      stiffness: joint.spring?.stiffness ?? 0, rest: joint.spring?.rest ?? 0, damping: joint.damping ?? 0,
      motor: joint.motor !== undefined, targetVelocity: joint.motor?.targetVelocity ?? 1, maxEffort: joint.motor?.maxEffort ?? 10,
    };
    const limits = () => editJoint((j) => ({ ...j, limits: v.limited ? { lower: Math.min(v.lower, v.upper), upper: Math.max(v.lower, v.upper) } : undefined }));
    folder.add(v, 'limited').name(t('buildprops.limits')).onChange(limits);
    folder.add(v, 'lower').name(t('buildprops.lower', { unit })).onFinishChange(limits);
    folder.add(v, 'upper').name(t('buildprops.upper', { unit })).onFinishChange(limits);
    const spring = () => editJoint((j) => ({ ...j, spring: v.stiffness > 0 ? { stiffness: v.stiffness, rest: v.rest } : undefined }));
    folder.add(v, 'stiffness', 0).name(t('buildprops.stiffness', { unit: joint.kind === 'hinge' ? 'N·m/rad' : 'N/m' })).onFinishChange(spring);
    folder.add(v, 'rest').name(t('buildprops.rest', { unit })).onFinishChange(spring);
    folder.add(v, 'damping', 0).name(t('buildprops.damping')).onFinishChange((d: number) => editJoint((j) => ({ ...j, damping: d > 0 ? d : undefined })));
    const motor = () => editJoint((j) => ({ ...j, motor: v.motor ? { targetVelocity: v.targetVelocity, maxEffort: Math.max(0, v.maxEffort) } : undefined }));
    folder.add(v, 'motor').name(t('buildprops.motor')).onChange(motor);
    folder.add(v, 'targetVelocity').name(t('buildprops.motorSpeed', { unit: joint.kind === 'hinge' ? 'rad/s' : 'm/s' })).onFinishChange(motor);
    folder.add(v, 'maxEffort', 0).name(t('buildprops.motorMax', { unit: joint.kind === 'hinge' ? 'N·m' : 'N' })).onFinishChange(motor);
  }

  private showWorld(doc: BuildDoc): void {
    const folder = this.gui.addFolder(t('buildprops.world'));
    const timestepName = Object.keys(TIMESTEPS).find((k) => Math.abs(TIMESTEPS[k] - doc.world.timestep) < 1e-12) ?? '1/240 s';
    const v = { gravity: doc.world.gravity[2], timestep: timestepName, integrator: doc.world.integrator, ground: doc.ground, groundFriction: doc.groundFriction, groundRestitution: doc.groundRestitution };
    const world = (change: Partial<BuildDoc['world']>) => this.edits.edit((d) => ({ ...d, world: { ...d.world, ...change } }));
    folder.add(v, 'gravity', -30, 0, 0.01).name(t('buildprops.gravity')).onFinishChange((g: number) => world({ gravity: [0, 0, g] }));
    folder.add(v, 'timestep', Object.keys(TIMESTEPS)).name(t('buildprops.timestep')).onChange((k: string) => world({ timestep: TIMESTEPS[k] }));
    folder.add(v, 'integrator', ['semi-implicit-euler', 'rk4', 'rk45']).name(t('buildprops.integrator')).onChange((integrator: BuildDoc['world']['integrator']) => world({ integrator }));
    folder.add(v, 'ground').name(t('buildprops.ground')).onChange((ground: boolean) => this.edits.edit((d) => ({ ...d, ground })));
    folder.add(v, 'groundFriction', 0, 2, 0.01).name(t('buildprops.groundFriction')).onFinishChange((groundFriction: number) => this.edits.edit((d) => ({ ...d, groundFriction })));
    // A pair bounces with the smaller e: at 1 the ground lets each part's own e decide.
    folder.add(v, 'groundRestitution', 0, 1, 0.01).name(t('buildprops.groundRestitution')).onFinishChange((groundRestitution: number) => this.edits.edit((d) => ({ ...d, groundRestitution })));
    folder.add({ meta: () => this.edits.meta() }, 'meta').name(t('buildprops.sceneInfo'));
  }

  /** Three numbers in a row, one edit when any of them is finished. */
  private vector(folder: GUI, label: string, value: Vec3, done: (v: Vec3) => void): void {
    const sub = folder.addFolder(label);
    const v = { x: value[0], y: value[1], z: value[2] };
    for (const key of ['x', 'y', 'z'] as const) sub.add(v, key).onFinishChange(() => done([tidy(v.x), tidy(v.y), tidy(v.z)]));
  }

  private actions(folder: GUI): void {
    folder.add({ duplicate: () => this.edits.duplicate() }, 'duplicate').name(t('buildprops.duplicate'));
    folder.add({ remove: () => this.edits.remove() }, 'remove').name(t('buildprops.delete'));
  }
}

/** The ramp turned to `degrees` of slope: its height changes, its underside stays where it was. */
function rampAt(part: Part, degrees: number): Part {
  const height = tidy(part.size[0] * Math.tan((degrees * Math.PI) / 180));
  const up = toVector([0, 0, (height - part.size[2]) / 2]).applyQuaternion(toQuaternion(part.quaternion));
  return { ...part, size: [part.size[0], part.size[1], height], position: vec3Of(toVector(part.position).add(up), 10) };
}

/** The part at mass `m`: its density, or its own inertia scaled with it (a scene's, kept). */
function withMass(part: Part, m: number): Part {
  if (!part.inertial) return { ...part, density: tidy(m / volumeOf(part)) };
  const k = m / part.inertial.mass;
  const inertia = part.inertial.inertia && Object.fromEntries(Object.entries(part.inertial.inertia).map(([key, x]) => [key, tidy(x * k)]));
  return { ...part, inertial: { ...part.inertial, mass: tidy(m), ...(inertia ? { inertia } : {}) } };
}
