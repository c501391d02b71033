// What the plot can show: the energies, the momentum, any joint's q or q̇, any body's position
// or velocity, the controller's signals. Each series has a human name and its SI unit
// ("rod: q̇", "rad/s"): the legend, the axes (one per unit) and the CSV header use them.
import type { BodyInfo, JointInfo } from 'featherweight-wasm/featherweight.js';
import { BODY_POSE, MOMENTUM, VELOCITY, type WorldViews } from '../../../lib/views';
import { t } from '../i18n/i18n';

export interface Series {
  name: string;
  unit: string; // '' for a pure number (a quaternion's components, a controller's signal)
}

export interface Quantity {
  label: string;
  key: string; // as meta.plots names it: "energy", "joint.q pendulum/rod", "body.velocity box"
  series: Series[];
  /** Appends one value per series, read from the world as it is now. */
  sample(out: number[]): void;
  /** False when re-simulating cannot give its past again (the controller's signals). */
  replayable: boolean;
}

/** "rod: q̇ (rad/s)". */
export function seriesLabel(series: Series): string {
  return series.unit === '' ? series.name : `${series.name} (${series.unit})`;
}

export interface QuantitySources {
  /** The page's views of the engine's world. */
  views: WorldViews;
  /** The potential energy at the scene's start: the plot's zero of potential energy. */
  potentialAtStart(): number;
}

/** The last part of a path-like name ("pendulum/rod" → "rod") when no other name ends the same. */
function shortNames(names: string[]): Map<string, string> {
  const last = (name: string) => name.slice(name.lastIndexOf('/') + 1);
  const counts = new Map<string, number>();
  for (const name of new Set(names)) counts.set(last(name), (counts.get(last(name)) ?? 0) + 1); // a joint is named after its body
  return new Map(names.map((name) => [name, counts.get(last(name)) === 1 ? last(name) : name]));
}

/** Names and units of a joint's coordinates (q) or velocities (q̇), by joint type (core/model/joint.h). */
function jointSeries(joint: JointInfo, which: 'q' | 'qd', short: string): Series[] {
  const named = (names: string[], unit: string) => names.map((name) => ({ name: `${short}: ${name}`, unit }));
  const quaternion = named(['qw', 'qx', 'qy', 'qz'], '');
  const omega = named(['ωx', 'ωy', 'ωz'], 'rad/s');
  switch (joint.type) {
    case 'revolute':
      return named([which === 'q' ? 'q' : 'q̇'], which === 'q' ? 'rad' : 'rad/s');
    case 'prismatic':
      return named([which === 'q' ? 'q' : 'q̇'], which === 'q' ? 'm' : 'm/s');
    case 'spherical':
      return which === 'q' ? quaternion : omega;
    case 'free':
      return which === 'q' ? [...named(['x', 'y', 'z'], 'm'), ...quaternion] : [...omega, ...named(['vx', 'vy', 'vz'], 'm/s')];
    default: {
      const count = which === 'q' ? joint.nq : joint.nv;
      return named(Array.from({ length: count }, (_, k) => `${which === 'q' ? 'q' : 'q̇'}${k}`), '');
    }
  }
}

/** The energies, the momentum, then every joint's q and q̇ and every body's position and velocity. */
export function worldQuantities(sources: QuantitySources, bodies: BodyInfo[], joints: JointInfo[]): Quantity[] {
  const { views } = sources, sim = views.simulation;
  const moving = joints.filter((j) => j.nv > 0);
  const short = shortNames([...moving.map((j) => j.name), ...bodies.map((b) => b.name)]);
  const energy: Quantity = {
    // Getters: the words follow the page's language whenever they are shown.
    get label() {
      return t('quantities.energy');
    },
    key: 'energy',
    series: (['kinetic', 'potential', 'total'] as const).map((word) => ({
      get name() {
        return t(`quantities.${word}`);
      },
      unit: 'J',
    })),
    sample: (out) => {
      const k = sim.kineticEnergy(), p = sim.potentialEnergy() - sources.potentialAtStart();
      out.push(k, p, k + p);
    },
    replayable: true,
  };
  const momentum: Quantity = {
    get label() {
      return t('quantities.momentum');
    },
    key: 'momentum',
    series: [...['Lx', 'Ly', 'Lz'].map((name) => ({ name, unit: 'N·m·s' })), ...['px', 'py', 'pz'].map((name) => ({ name, unit: 'kg·m/s' }))],
    sample: (out) => {
      const h = views.momentumData();
      for (let k = 0; k < MOMENTUM.stride; k++) out.push(h[k]);
    },
    replayable: true,
  };
  const jointQuantity = (joint: JointInfo, which: 'q' | 'qd'): Quantity => {
    const series = jointSeries(joint, which, short.get(joint.name) ?? joint.name);
    const units = [...new Set(series.map((s) => s.unit).filter((u) => u !== ''))];
    return {
      label: `${joint.name} ${which === 'q' ? 'q' : 'q̇'}${units.length > 0 ? ` (${units.join(', ')})` : ''}`,
      key: `joint.${which} ${joint.name}`,
      series,
      sample: (out) => {
        const values = which === 'q' ? views.q : views.qd;
        const first = which === 'q' ? joint.qIndex : joint.vIndex;
        for (let k = 0; k < series.length; k++) out.push(values[first + k]);
      },
      replayable: true,
    };
  };
  const bodyQuantity = (body: BodyInfo, index: number, which: 'position' | 'velocity'): Quantity => {
    const name = short.get(body.name) ?? body.name;
    const axes = which === 'position' ? ['x', 'y', 'z'] : ['vx', 'vy', 'vz'];
    return {
      get label() {
        return t(`quantities.${which}`, { name: body.name });
      },
      key: `body.${which} ${body.name}`,
      series: axes.map((axis) => ({ name: `${name}: ${axis}`, unit: which === 'position' ? 'm' : 'm/s' })),
      sample: (out) => {
        if (which === 'position') {
          const pose = views.bodyPoseData(index); // float64, not the drawn float32 buffer
          if (pose) out.push(pose[BODY_POSE.x], pose[BODY_POSE.y], pose[BODY_POSE.z]);
          else out.push(NaN, NaN, NaN);
          return;
        }
        const v = views.velocities, first = index * VELOCITY.stride + VELOCITY.linear;
        out.push(v[first], v[first + 1], v[first + 2]);
      },
      replayable: true,
    };
  };
  return [
    energy,
    momentum,
    ...moving.flatMap((j) => [jointQuantity(j, 'q'), jointQuantity(j, 'qd')]),
    ...bodies.flatMap((b, i) => [bodyQuantity(b, i, 'position'), bodyQuantity(b, i, 'velocity')]),
  ];
}

/** The controller's signals (names as it gives them, no unit known): values of its last tick. */
export function signalsQuantity(names: string[], values: () => Record<string, number>): Quantity {
  return {
    get label() {
      return t('quantities.signals');
    },
    key: 'controller',
    series: names.map((name) => ({ name, unit: '' })),
    sample: (out) => names.forEach((name) => out.push(values()[name] ?? NaN)),
    replayable: false,
  };
}
