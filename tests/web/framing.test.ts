// Framing the scene where no panel covers it (web/src/view/framing.ts): the free rectangle
// beside the panels, and the camera distance at which a box fits a part of the view.
import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import { fitDistance, freeRect } from '../../web/src/view/framing';

describe('free rectangle', () => {
  const view = { left: 0, top: 0, right: 1280, bottom: 720 };

  it('is the whole view with no panel, and what the panels leave otherwise', () => {
    expect(freeRect(view, [])).toEqual(view);
    // A description on the left, Controls top right, the plot bottom right, the timeline along the bottom.
    const panels = [
      { left: 12, top: 12, right: 352, bottom: 500 },
      { left: 998, top: 12, right: 1268, bottom: 460 },
      { left: 828, top: 478, right: 1268, bottom: 708 },
      { left: 12, top: 672, right: 816, bottom: 708 },
    ];
    const free = freeRect(view, panels);
    for (const p of panels) {
      const apart = free.right <= p.left || free.left >= p.right || free.bottom <= p.top || free.top >= p.bottom;
      expect(apart).toBe(true);
    }
    expect(free).toEqual({ left: 358, top: 0, right: 822, bottom: 666 }); // 6 px off each panel, beside the plot
  });

  it('prefers a sensible shape to a long strip, and falls back to the view when nothing is left', () => {
    // A 1000 × 60 strip along the top and a 300 × 600 column: the column shows a scene, the strip does not.
    const free = freeRect({ left: 0, top: 0, right: 1000, bottom: 700 }, [{ left: 0, top: 60, right: 700, bottom: 700 }]);
    expect(free.left).toBeGreaterThanOrEqual(706);
    expect(freeRect(view, [{ left: -10, top: -10, right: 1300, bottom: 730 }])).toEqual(view);
  });
});

describe('fit distance', () => {
  it('puts the box corners exactly at the edge of the half sizes', () => {
    const box = new THREE.Box3(new THREE.Vector3(-1, -1, -1), new THREE.Vector3(1, 1, 1));
    const direction = new THREE.Vector3(0, -1, 0); // the camera on −y, looking at +y
    const up = new THREE.Vector3(0, 0, 1);
    const distance = fitDistance(box, new THREE.Vector3(), direction, up, 500, 250, 100);
    // The nearest face (y = −1) reaches ±1 sideways and ±1 up: 1/(100/500) + 1 = 6 from the centre.
    expect(distance).toBeCloseTo(6, 12);
    const camera = new THREE.PerspectiveCamera(2 * THREE.MathUtils.radToDeg(Math.atan(360 / 500)), 1280 / 720);
    camera.up.copy(up);
    camera.position.set(0, -distance, 0);
    camera.lookAt(0, 0, 0);
    camera.updateMatrixWorld();
    const heights = [-1, 1].flatMap((x) => [-1, 1].flatMap((z) => [-1, 1].map((y) => new THREE.Vector3(x, y, z).project(camera).y * 360)));
    expect(Math.max(...heights.map(Math.abs))).toBeCloseTo(100, 9);
  });
});
