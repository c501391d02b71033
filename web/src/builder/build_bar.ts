// Build mode's toolbar: New, the palette, templates, the select / move / turn tools and the
// snapping toggle, the joint tools, duplicate, delete, undo, redo, the scene's description, Done;
// and the status line that says what the next click does. It only reports what was pressed.
import { PART_SHAPES, JOINT_KINDS, type JointKind, type PartShape } from './build_doc';

export type BuildTool = { kind: 'select' } | { kind: 'place'; shape: PartShape } | { kind: 'joint'; joint: JointKind };

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

const SHAPE_LABELS: Record<PartShape, string> = { box: 'Box', sphere: 'Sphere', capsule: 'Capsule', cylinder: 'Cylinder', wedge: 'Ramp', slab: 'Slab' };
const JOINT_LABELS: Record<JointKind, string> = { hinge: 'Hinge', slider: 'Slider', ball: 'Ball', fixed: 'Fixed' };

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
      const key = tool.kind === 'select' ? 'select' : tool.kind === 'place' ? `place-${tool.shape}` : `joint-${tool.joint}`;
      const b = button(label, title, () => actions.tool(tool), key);
      this.toolButtons.set(key, b);
      return b;
    };
    const move = button('Move', 'Move the selection with the gizmo (snaps to the grid)', () => actions.gizmo('translate'));
    const turn = button('Turn', 'Turn the selection with the gizmo (snaps to 15°)', () => actions.gizmo('rotate'));
    this.gizmoButtons.set('translate', move).set('rotate', turn);
    const snap = element('input', { type: 'checkbox', checked: true });
    snap.dataset.build = 'snap';
    snap.addEventListener('change', () => actions.snap(snap.checked));
    const snapLabel = element('label', { className: 'build-snap', title: 'Snap moves to 0.1 m and turns to 15°' });
    snapLabel.append(snap, ' Snap');
    this.undoButton = button('Undo', 'Undo (Ctrl+Z)', actions.undo);
    this.redoButton = button('Redo', 'Redo (Ctrl+Shift+Z)', actions.redo);
    this.status = element('p', { className: 'build-status' });
    this.status.setAttribute('role', 'status');
    host.replaceChildren(
      group('Scene', button('New', 'An empty scene with a ground plane (Undo brings the last build back)', actions.newScene), button('Scene info', 'Title, description and what to observe', actions.meta, 'meta')),
      group('Add', ...PART_SHAPES.map((shape) => toolButton({ kind: 'place', shape }, SHAPE_LABELS[shape], `Click on the ground or on a body to put a ${SHAPE_LABELS[shape].toLowerCase()} there`)), button('Templates…', 'Pendulum, chain, stack, pyramid, ramp, Newton’s cradle', actions.templates, 'templates')),
      group('Edit', toolButton({ kind: 'select' }, 'Select', 'Click to select (Shift: several); drag a selected body to slide it'), move, turn, snapLabel, button('Duplicate', 'Duplicate the selection (Ctrl+D)', actions.duplicate), button('Delete', 'Delete the selection (Del)', actions.remove)),
      group('Join', ...JOINT_KINDS.map((kind) => toolButton({ kind: 'joint', joint: kind }, JOINT_LABELS[kind], `${JOINT_LABELS[kind]} joint: click body A, then body B (or empty space: the world), then the anchor`))),
      group('History', this.undoButton, this.redoButton, button('Done', 'Leave build mode (the scene stays; Play runs it)', actions.done)),
      this.status,
    );
  }

  showTool(tool: BuildTool): void {
    const key = tool.kind === 'select' ? 'select' : tool.kind === 'place' ? `place-${tool.shape}` : `joint-${tool.joint}`;
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
