// Build mode's toolbar: New, the palette, templates, the select / move / turn tools and the
// snapping toggle, the joint tools, duplicate, delete, undo, redo, the scene's description, Done;
// and the status line that says what the next click does. It only reports what was pressed.
import { PART_SHAPES, JOINT_KINDS, type JointKind, type PartShape } from './build_doc';
import { CONNECTOR_KINDS } from './build_doc';
import type { ConnectTool } from './build_parts_tools';
import { t } from '../i18n/i18n';

export type BuildTool = { kind: 'select' } | { kind: 'place'; shape: PartShape } | { kind: 'joint'; joint: JointKind } | ConnectTool;

/** The key of a tool's button. */
function toolKey(tool: BuildTool): string {
  if (tool.kind === 'select') return 'select';
  if (tool.kind === 'place') return `place-${tool.shape}`;
  return tool.kind === 'joint' ? `joint-${tool.joint}` : `connect-${tool.connector}`;
}

export interface BuildBarActions {
  newScene(): void;
  tool(tool: BuildTool): void;
  gizmo(mode: 'translate' | 'rotate'): void;
  snap(on: boolean): void;
  templates(): void;
  duplicate(): void;
  remove(): void;
  undo(): void;
  redo(): void;
  meta(): void;
  done(): void;
}

/** A new element with these properties. */
function element<K extends keyof HTMLElementTagNameMap>(tag: K, properties: Partial<HTMLElementTagNameMap[K]> & Record<string, unknown>): HTMLElementTagNameMap[K] {
  return Object.assign(document.createElement(tag), properties);
}


/** Marks an element for retranslation when the language changes (i18n.ts's applyTranslations). */
function translated<E extends HTMLElement>(element: E, text?: string, title?: string, label?: string): E {
  if (text) element.dataset.i18n = text;
  if (title) element.dataset.i18nTitle = title;
  if (label) element.dataset.i18nAriaLabel = label;
  return element;
}

export class BuildBar {
  readonly status: HTMLElement;
  private readonly toolButtons = new Map<string, HTMLButtonElement>();
  private readonly gizmoButtons = new Map<string, HTMLButtonElement>();
  readonly undoButton: HTMLButtonElement;
  readonly redoButton: HTMLButtonElement;

  constructor(private readonly host: HTMLElement, actions: BuildBarActions) {
    const button = (label: string, title: string, onClick: () => void, name = label.toLowerCase()) => {
      const b = element('button', { type: 'button', title, textContent: label });
      b.dataset.build = name;
      b.addEventListener('click', onClick);
      return b;
    };
    const group = (label: string, ...children: HTMLElement[]) => {
      const g = element('div', { className: 'build-group' });
      g.setAttribute('role', 'group');
      g.setAttribute('aria-label', label);
      g.append(...children);
      return g;
    };
    const toolButton = (tool: BuildTool, label: string, title: string) => {
      const key = toolKey(tool);
      const b = button(label, title, () => actions.tool(tool), key);
      this.toolButtons.set(key, b);
      return b;
    };
    // Buttons named by catalogue keys (build.<name>, build.<name>Title), retranslated with the page.
    const keyed = (name: string, onClick: () => void) => translated(button(t(`build.${name}`), t(`build.${name}Title`), onClick, name), `build.${name}`, `build.${name}Title`);
    const move = keyed('move', () => actions.gizmo('translate'));
    const turn = keyed('turn', () => actions.gizmo('rotate'));
    this.gizmoButtons.set('translate', move).set('rotate', turn);
    const snap = element('input', { type: 'checkbox', checked: true });
    snap.dataset.build = 'snap';
    snap.addEventListener('change', () => actions.snap(snap.checked));
    const snapLabel = translated(element('label', { className: 'build-snap', title: t('build.snapTitle') }), undefined, 'build.snapTitle');
    snapLabel.append(snap, ' ', translated(element('span', { textContent: t('build.snap') }), 'build.snap'));
    this.undoButton = keyed('undo', actions.undo);
    this.redoButton = keyed('redo', actions.redo);
    const named = (name: string, ...children: HTMLElement[]) => translated(group(t(`build.groups.${name}`), ...children), undefined, undefined, `build.groups.${name}`);
    this.status = element('p', { className: 'build-status' });
    this.status.setAttribute('role', 'status');
    host.replaceChildren(
      named('scene', keyed('new', actions.newScene), keyed('meta', actions.meta)),
      named('add', ...PART_SHAPES.map((shape) => translated(toolButton({ kind: 'place', shape }, t(`build.shapes.${shape}`), t(`build.place.${shape}`)), `build.shapes.${shape}`, `build.place.${shape}`)), keyed('templates', actions.templates)),
      named('edit', translated(toolButton({ kind: 'select' }, t('build.select'), t('build.selectTitle')), 'build.select', 'build.selectTitle'), move, turn, snapLabel, keyed('duplicate', actions.duplicate), keyed('delete', actions.remove)),
      named('join', ...JOINT_KINDS.map((kind) => translated(toolButton({ kind: 'joint', joint: kind }, t(`build.joints.${kind}`), t(`build.jointTitles.${kind}`)), `build.joints.${kind}`, `build.jointTitles.${kind}`))),
      translated(group(t('buildparts.connectGroup'), ...CONNECTOR_KINDS.map((kind) => translated(toolButton({ kind: 'connect', connector: kind }, t(`buildparts.${kind}Button`), t(`buildparts.${kind}Title`)), `buildparts.${kind}Button`, `buildparts.${kind}Title`))), undefined, undefined, 'buildparts.connectGroup'),
      named('history', this.undoButton, this.redoButton, keyed('done', actions.done)),
      this.status,
    );
  }

  showTool(tool: BuildTool): void {
    const key = toolKey(tool);
    for (const [k, b] of this.toolButtons) b.setAttribute('aria-pressed', String(k === key));
  }

  showGizmo(mode: 'translate' | 'rotate'): void {
    for (const [k, b] of this.gizmoButtons) b.setAttribute('aria-pressed', String(k === mode));
  }

  showHistory(canUndo: boolean, canRedo: boolean): void {
    this.undoButton.disabled = !canUndo;
    this.redoButton.disabled = !canRedo;
  }

  say(text: string): void {
    this.status.textContent = text;
  }

  set hidden(hidden: boolean) {
    this.host.hidden = hidden;
  }
}
