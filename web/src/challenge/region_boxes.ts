// A challenge's regions drawn in the 3D view: each an axis-aligned translucent box with its
// edges and its name on a label above it. Drawn only; the referee decides what is inside.
import * as THREE from 'three';

export interface Region {
  name: string;
  center: [number, number, number];
  size: [number, number, number];
}

const FILL = '#2fa84f';
const LABEL_PX = 48;

function label(text: string, height: number): THREE.Sprite {
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d');
  const font = `600 ${LABEL_PX}px system-ui, sans-serif`;
  let width = LABEL_PX * 4;
  if (context) {
    context.font = font;
    width = Math.ceil(context.measureText(text).width) + LABEL_PX;
  }
  canvas.width = width;
  canvas.height = Math.round(LABEL_PX * 1.5);
  if (context) {
    context.font = font;
    context.fillStyle = 'rgba(255,255,255,0.85)';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.fillStyle = '#1d5e2e';
    context.textBaseline = 'middle';
    context.fillText(text, LABEL_PX / 2, canvas.height / 2);
  }
  const sprite = new THREE.Sprite(new THREE.SpriteMaterial({ map: new THREE.CanvasTexture(canvas), depthTest: false, transparent: true }));
  sprite.scale.set((height * canvas.width) / canvas.height, height, 1);
  sprite.renderOrder = 12;
  return sprite;
}

export class RegionBoxes {
  private readonly group = new THREE.Group();

  constructor(scene: THREE.Scene) {
    scene.add(this.group);
  }

  /** The regions of the challenge running now (none: nothing drawn). */
  show(regions: readonly Region[]): void {
    this.clear();
    for (const region of regions) {
      const [sx, sy, sz] = region.size;
      const geometry = new THREE.BoxGeometry(sx, sy, sz);
      const box = new THREE.Mesh(geometry, new THREE.MeshBasicMaterial({ color: FILL, transparent: true, opacity: 0.18, depthWrite: false }));
      const edges = new THREE.LineSegments(new THREE.EdgesGeometry(geometry), new THREE.LineBasicMaterial({ color: FILL }));
      const text = label(region.name, Math.max(0.06, Math.min(0.25, 0.35 * Math.max(sx, sy, sz))));
      text.position.set(0, 0, sz / 2 + text.scale.y * 0.75);
      const holder = new THREE.Group();
      holder.position.set(...region.center);
      holder.add(box, edges, text);
      holder.name = `region ${region.name}`;
      this.group.add(holder);
    }
  }

  clear(): void {
    for (const holder of [...this.group.children]) {
      holder.traverse((o) => {
        const drawn = o as THREE.Mesh;
        drawn.geometry?.dispose();
        const material = drawn.material as THREE.Material & { map?: THREE.Texture };
        material?.map?.dispose();
        material?.dispose?.();
      });
      this.group.remove(holder);
    }
  }
}
