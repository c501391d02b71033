// The properties panel's folder for a selected spring, string or rope: its ends (shown), a
// spring's rest length, stiffness and damping, a string's length and pulleys (via points), a
// rope's length, segments, mass and radius. Each finished change is one edit (undoable).
import type GUI from 'lil-gui';
import { partById, WORLD, type BuildDoc, type Vec3 } from './build_doc';
import { withConnectorChanged } from './build_parts';
import type { Connector } from './build_doc';
import { t } from '../i18n/i18n';
import { translatedLabel } from '../i18n/gui_labels';

type Edit = (change: (doc: BuildDoc) => BuildDoc) => void;

/** "x, y, z; x, y, z" as points; null when it does not read as whole points. */
export function parsePoints(text: string): Vec3[] | null {
  const groups = text.split(';').map((g) => g.trim()).filter((g) => g !== '');
  const points = groups.map((g) => g.split(',').map((x) => Number(x.trim())));
  return points.every((p) => p.length === 3 && p.every(Number.isFinite)) ? (points as Vec3[]) : null;
}

export function showConnector(gui: GUI, doc: BuildDoc, connector: Connector, edit: Edit, remove: () => void): void {
  const name = (id: number) => (id === WORLD ? t('buildparts.world') : (partById(doc, id)?.name ?? '?'));
  const folder = translatedLabel(gui.addFolder(''), () => t(`buildparts.${connector.kind}Folder`, { name: connector.name }));
  const change = (update: (c: Connector) => Connector) => edit((d) => withConnectorChanged(d, connector.id, update));
  const positive = (x: number, fallback: number) => (Number.isFinite(x) && x > 0 ? x : fallback);
  translatedLabel(folder.add({ ends: `${name(connector.a)} – ${name(connector.b)}` }, 'ends').disable(), () => t('buildparts.ends'));
  if (connector.kind === 'spring') {
    const v = { restLength: connector.restLength, stiffness: connector.stiffness, damping: connector.damping };
    translatedLabel(folder.add(v, 'restLength', 0), () => t('buildparts.restLength')).onFinishChange((x: number) => change((c) => ({ ...c, restLength: Math.max(0, x) })));
    translatedLabel(folder.add(v, 'stiffness', 0), () => t('buildparts.stiffness')).onFinishChange((x: number) => change((c) => ({ ...c, stiffness: Math.max(0, x) })));
    translatedLabel(folder.add(v, 'damping', 0), () => t('buildparts.damping')).onFinishChange((x: number) => change((c) => ({ ...c, damping: Math.max(0, x) })));
  } else if (connector.kind === 'string') {
    const v = { length: connector.length, via: connector.via.map((p) => p.join(', ')).join('; ') };
    translatedLabel(folder.add(v, 'length', 0.001), () => t('buildparts.length')).onFinishChange((x: number) => change((c) => ({ ...c, length: positive(x, connector.length) })));
    translatedLabel(folder.add(v, 'via'), () => t('buildparts.via')).onFinishChange((text: string) => {
      const via = parsePoints(text);
      if (via && via.length <= 16) change((c) => ({ ...c, via }));
    });
  } else {
    const v = { length: connector.length, segments: connector.segments, mass: connector.mass, radius: connector.radius };
    translatedLabel(folder.add(v, 'length', 0.001), () => t('buildparts.length')).onFinishChange((x: number) => change((c) => ({ ...c, length: positive(x, connector.length) })));
    translatedLabel(folder.add(v, 'segments', 2, 100, 1), () => t('buildparts.segments')).onFinishChange((x: number) => change((c) => ({ ...c, segments: Math.round(x) })));
    translatedLabel(folder.add(v, 'mass', 0.001), () => t('buildparts.mass')).onFinishChange((x: number) => change((c) => ({ ...c, mass: positive(x, connector.mass) })));
    translatedLabel(folder.add(v, 'radius', 0.001), () => t('buildparts.radius')).onFinishChange((x: number) => change((c) => ({ ...c, radius: positive(x, connector.radius) })));
  }
  translatedLabel(folder.add({ remove }, 'remove'), () => t('buildparts.delete'));
}
