// The teaching layer's tools in one place for the page to wire (page/page_context.ts): energy
// bars (E), vectors (V), the ruler and protractor (U cycles them) and the selected body's readout, with their panel
// folder. Each tool is its own module; this one only builds their boxes and passes the frame on.
import type GUI from 'lil-gui';
import type * as THREE from 'three';
import type { BodyInfo } from 'featherweight-wasm/featherweight.js';
import type { WorldViews } from '../../../lib/views';
import type { Renderer } from '../view/renderer';
import { BodyForces } from './body_forces';
import { EnergyBars } from './energy_bars';
import { Measure, type MeasureMode } from './measure';
import { Readout } from './readout';
import { QUANTITIES, Vectors } from './vectors';
import './teaching.css';
import { t } from '../i18n/i18n';
import { translatedLabel, translatedOptions } from '../i18n/gui_labels';

const MEASURE_MODES: MeasureMode[] = ['off', 'ruler', 'protractor'];

export class Teaching {
  readonly energy: EnergyBars;
  readonly vectors: Vectors;
  readonly measure: Measure;
  private readonly forces: BodyForces;
  private readonly readout: Readout;
  // All off at first: each box covers part of the view (a click there is not a click on the scene).
  private readonly settings = { energyBars: false, readout: false, measure: 'off' as MeasureMode };
  private bodies: BodyInfo[] = [];
  private gui: GUI | null = null;

  constructor(private readonly views: WorldViews, scene: THREE.Scene, renderer: Renderer, canvas: HTMLCanvasElement) {
    const box = document.createElement('section');
    box.id = 'teaching';
    box.setAttribute('data-i18n-aria-label', 'teaching.aids'); // retranslated with the page
    box.setAttribute('aria-label', t('teaching.aids'));
    const energyBox = document.createElement('div');
    energyBox.id = 'energy-bars';
    energyBox.hidden = true;
    const legend = document.createElement('div');
    legend.id = 'vector-legend';
    legend.hidden = true;
    const readout = document.createElement('pre');
    readout.id = 'body-readout';
    readout.hidden = true;
    box.append(energyBox, legend, readout);
    document.body.append(box);
    this.forces = new BodyForces(views);
    this.energy = new EnergyBars(views, energyBox);
    this.vectors = new Vectors(scene, legend);
    this.readout = new Readout(readout);
    this.measure = new Measure(scene, renderer, canvas, {
      pose: (body) => views.bodyPoseView(body),
      centerOfMass: (body) => (this.bodies[body]?.centerOfMass as [number, number, number] | undefined) ?? [0, 0, 0],
      bodyCount: () => this.bodies.length,
    });
  }

  /** The panel's Teaching folder. */
  addControls(gui: GUI): void {
    this.gui = gui;
    const folder = translatedLabel(gui.addFolder(''), () => t('teaching.folder'));
    translatedLabel(folder.add(this.settings, 'energyBars').onChange((on: boolean) => (this.energy.visible = on)), () => t('teaching.energyBars'));
    const vectors = translatedLabel(folder.addFolder(''), () => t('teaching.vectors'));
    for (const q of QUANTITIES) translatedLabel(vectors.add(this.vectors.toggles, q.key), () => t(`teaching.quantities.${q.key}`));
    translatedLabel(vectors.add(this.vectors.toggles, 'allBodies'), () => t('teaching.allBodies'));
    vectors.close();
    const measure = folder.add(this.settings, 'measure', MEASURE_MODES).onChange((mode: MeasureMode) => this.measure.setMode(mode));
    translatedOptions(translatedLabel(measure, () => t('teaching.measure')), MEASURE_MODES, (mode) => t(`teaching.modes.${mode}`));
    translatedLabel(folder.add(this.settings, 'readout'), () => t('teaching.readout'));
  }

  /** A new scene (or the same one rebuilt): bodies to snap to, scales afresh. */
  setScene(bodies: BodyInfo[], size: number): void {
    this.bodies = bodies;
    this.vectors.arrowLength = Math.max(0.2, 0.25 * size);
    this.vectors.clear();
    this.energy.clear();
    this.measure.clear();
  }

  reset(): void {
    this.energy.clear();
  }

  /** Keys: E energy bars, V velocity vectors, U measure mode (off, ruler, protractor). */
  handleKey(key: string): boolean {
    if (key === 'e') {
      this.settings.energyBars = !this.settings.energyBars;
      this.energy.visible = this.settings.energyBars;
    } else if (key === 'v') {
      this.vectors.toggles.velocity = !this.vectors.toggles.velocity;
    } else if (key === 'u') {
      this.settings.measure = MEASURE_MODES[(MEASURE_MODES.indexOf(this.settings.measure) + 1) % MEASURE_MODES.length];
      this.measure.setMode(this.settings.measure);
    } else {
      return false;
    }
    this.gui?.controllersRecursive().forEach((c) => c.updateDisplay());
    return true;
  }

  /** World angular velocity of a body (the velocity layout's `angular`). */
  private readonly angularVelocity = (body: number): [number, number, number] => this.views.angularVelocity(body);

  /** Once a frame, after stepping. */
  update(selected: number): void {
    const needForces = this.vectors.anyShown || (this.settings.readout && selected >= 0);
    if (needForces) this.forces.refresh();
    const moves = (body: number) => (this.bodies[body]?.mass ?? 0) > 0;
    this.vectors.update(this.forces, needForces ? this.bodies.length : 0, selected, this.angularVelocity, moves);
    this.energy.update();
    this.measure.update();
    const name = this.bodies[selected]?.name ?? '';
    this.readout.update(this.forces, this.settings.readout ? selected : -1, name, selected >= 0 ? this.angularVelocity(selected) : null);
  }
}
