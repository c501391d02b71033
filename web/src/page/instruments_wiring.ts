// Lab instruments (web/src/instruments) on the page: the scene's photogates and stopwatches
// (meta.instruments) and those added in the panel, evaluated by the library at every step the
// time machine takes (a step watch), kept true as the timeline moves, drawn in the view and
// read in the panel; and the body names' labels.
import * as THREE from 'three';
import type { Gate, InstrumentSpec } from '../../../lib/instruments';
import { BodyLabels } from '../instruments/body_labels';
import { GateMeshes } from '../instruments/gate_meshes';
import { InstrumentLog, type InstrumentSet } from '../instruments/instrument_log';
import { InstrumentsPanel } from '../instruments/instruments_panel';
import { t } from '../i18n/i18n';
import type { SceneObject } from '../scene/scene_doc';
import type { PageContext } from './page_context';
import { byId } from './page_dom';

type Vec3 = [number, number, number];

export interface InstrumentsFeature {
  /** Each frame: the readings at the time shown, the lit gates, the labels. */
  frame(): void;
  /** For the browser tests: the gates' passages, the stopwatches' readings and the labels shown. */
  describe(): {
    gates: { name: string; passages: { time: number; body: string; normalSpeed: number; speed: number }[] }[];
    stopwatches: { name: string; state: string; elapsed: number; laps: number[] }[];
    labels: { text: string; x: number; y: number }[];
  };
}

function instrumentsOf(doc: SceneObject): InstrumentSet | null {
  const spec = (doc.meta as { instruments?: InstrumentSpec } | undefined)?.instruments;
  return spec ? { gates: [...(spec.gates ?? [])], stopwatches: [...(spec.stopwatches ?? [])] } : null;
}

/** A name not taken yet: "gate 1", "gate 2", … */
function freshName(taken: readonly { name: string }[], name: (n: number) => string): string {
  for (let n = taken.length + 1; ; n++) if (!taken.some((x) => x.name === name(n))) return name(n);
}

/**
 * Picks a point with the next click on the view: a moving body gives its centre of mass now,
 * anything else the point under the pointer (or on the plane z = 0); a click elsewhere cancels.
 */
function pointPicker(ctx: PageContext): (done: (point: Vec3 | null) => void) => void {
  const { renderer, dom, views, state } = ctx;
  const raycaster = new THREE.Raycaster();
  return (done) => {
    const pick = (event: PointerEvent) => {
      window.removeEventListener('pointerdown', pick, true);
      if (event.target !== dom.canvas) return done(null);
      event.preventDefault();
      event.stopImmediatePropagation(); // neither a grab nor an orbit
      const rect = dom.canvas.getBoundingClientRect();
      raycaster.setFromCamera(new THREE.Vector2(((event.clientX - rect.left) / rect.width) * 2 - 1, -((event.clientY - rect.top) / rect.height) * 2 + 1), renderer.camera);
      const hit = raycaster.intersectObjects(renderer.bodyObjects(), true).find((h) => h.object.userData.pickable !== false);
      const body = hit ? renderer.bodyIndexOf(hit.object, hit.instanceId) : -1;
      if (hit && body >= 0 && !ctx.drag.staticBodies.has(body)) {
        const pose = views.bodyPoseView(body);
        const com = new THREE.Vector3(...(state.bodies[body].centerOfMass ?? [0, 0, 0])).applyQuaternion(new THREE.Quaternion(pose[3], pose[4], pose[5], pose[6]));
        return done([pose[0] + com.x, pose[1] + com.y, pose[2] + com.z]);
      }
      const point = hit?.point ?? raycaster.ray.intersectPlane(new THREE.Plane(new THREE.Vector3(0, 0, 1), 0), new THREE.Vector3());
      done(point ? [point.x, point.y, point.z] : null);
    };
    window.addEventListener('pointerdown', pick, true);
  };
}

export function wireInstruments(ctx: PageContext): InstrumentsFeature {
  const { timeMachine, events, state, sim, renderer, views } = ctx;
  const log = new InstrumentLog(views, () => sim.timestep());
  const gateMeshes = new GateMeshes(renderer.scene);
  const labels = new BodyLabels(renderer.scene, ctx.dom.canvas);
  const bodyNames = () => state.bodies.map((b) => b.name);
  const movingBodyNames = () => bodyNames().filter((_, i) => !ctx.drag.staticBodies.has(i));

  /** The instruments changed (or the scene): the view, the panel and the step watch follow. */
  const changed = () => {
    gateMeshes.show(log.instruments.gates);
    panel.show(log.instruments, movingBodyNames());
    timeMachine.watchSteps(log.active ? (step) => log.stepped(step) : null, 'instruments');
    renderer.invalidate();
  };
  const setInstruments = (instruments: InstrumentSet) => {
    log.setInstruments(instruments, timeMachine.step);
    changed();
  };
  const panel = new InstrumentsPanel(byId('panel'), {
    pick: pointPicker(ctx),
    viewDirection: () => renderer.camera.getWorldDirection(new THREE.Vector3()).toArray() as Vec3,
    add: (gate) => {
      const named: Gate = { name: freshName(log.instruments.gates, (n) => t('instruments.gateName', { n })), ...gate };
      setInstruments({ ...log.instruments, gates: [...log.instruments.gates, named] });
    },
    addStopwatch: (stopwatch) => {
      const name = freshName(log.instruments.stopwatches, (n) => t('instruments.stopwatchName', { n }));
      setInstruments({ ...log.instruments, stopwatches: [...log.instruments.stopwatches, { name, ...stopwatch }] });
    },
    removeGate: (index) => {
      log.removeGate(index);
      changed();
    },
    removeStopwatch: (index) => {
      log.removeStopwatch(index);
      changed();
    },
    press: (stopwatch, action) => log.press(stopwatch, action, timeMachine.step),
    showLabels: (shown) => {
      labels.show(shown);
      renderer.invalidate();
    },
  });
  byId('hud').before(panel.root);
  labels.show(false);

  events.sceneLoaded.on((doc, rebuild) => {
    const bodies = state.bodies.map((b, i) => ({ name: b.name, centerOfMass: b.centerOfMass, moving: !ctx.drag.staticBodies.has(i) }));
    labels.setBodies(bodies);
    log.setBodies(bodies, timeMachine.step);
    if (!rebuild) {
      // A scene's own instruments; a built scene's edits keep those added in the panel.
      const own = instrumentsOf(doc);
      log.setInstruments(own ?? (state.build?.active ? log.instruments : { gates: [], stopwatches: [] }), 0);
      log.restart();
      if (own) panel.open();
    } else if (timeMachine.end === 0) log.restart(); // the edit started the run again
    changed();
  });
  events.reset.on(() => log.restart());
  events.moved.on((_time, branched) => log.moved(timeMachine.step, branched));

  return {
    frame: () => {
      const now = sim.time();
      const gates = log.gateReadings(now);
      panel.update(gates, log.stopwatchReadings(now));
      gateMeshes.light(gates.map((g) => g.passages.at(-1)?.time ?? null), now);
      labels.update(views.poses, renderer.scene, renderer.camera);
    },
    describe: () => {
      const now = sim.time();
      return {
        gates: log.gateReadings(now).map(({ gate, passages }) => ({
          name: gate.name,
          passages: passages.map((p) => ({ time: p.time, body: p.bodyName, normalSpeed: p.normalSpeed, speed: p.speed })),
        })),
        stopwatches: log.stopwatchReadings(now).map((r, i) => ({ name: log.instruments.stopwatches[i].name, state: r.state, elapsed: r.elapsed, laps: r.laps })),
        labels: labels.describe(),
      };
    },
  };
}
