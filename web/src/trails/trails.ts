// Trails: the path a point of a body traces, fading with age. A trail is plain data — the body,
// the point in its frame, and samples (t, world point) taken at every sampling step of the
// timeline (timeline/sampling.ts), from the engine's float64 pose, not once a frame — drawn as
// a line whose colour fades into the background, redrawn once a frame. Several at once; cleared
// when the scene starts again; when the timeline goes back, the samples after the playhead are
// dropped (truncateAfter), so a replay traces the path again.
import * as THREE from 'three';
import { MIN_SAMPLE_SECONDS } from '../timeline/sampling';

const MAX_SECONDS = 60; // the panel's longest trail
const MAX_POINTS = Math.ceil(MAX_SECONDS / MIN_SAMPLE_SECONDS) + 1;
const COLORS = ['#d9482b', '#2b6cd9', '#2b9d58', '#9a4dc9', '#c98a1d'];
const BACKGROUND = new THREE.Color('#e9edf1');

interface Trail {
  body: number;
  local: THREE.Vector3;
  times: number[];
  points: number[]; // x, y, z per sample
  dirty: boolean; // sampled since it was last drawn
  line: THREE.Line;
  color: THREE.Color;
}

export class Trails {
  /** How many seconds of path each trail keeps (the panel's slider). */
  seconds = 5;
  private trails: Trail[] = [];
  private readonly group = new THREE.Group();
  private readonly rotation = new THREE.Quaternion();
  private readonly point = new THREE.Vector3();

  constructor(scene: THREE.Scene) {
    scene.add(this.group);
  }

  get count(): number {
    return this.trails.length;
  }

  /** Traces the point of `body` that is at `world` now (given the body's pose, x y z qx qy qz qw). */
  add(body: number, world: THREE.Vector3, pose: ArrayLike<number>): void {
    this.rotation.set(pose[3], pose[4], pose[5], pose[6]);
    const local = world.clone().sub(new THREE.Vector3(pose[0], pose[1], pose[2])).applyQuaternion(this.rotation.clone().invert());
    const geometry = new THREE.BufferGeometry();
    geometry.setAttribute('position', new THREE.BufferAttribute(new Float32Array(3 * MAX_POINTS), 3));
    geometry.setAttribute('color', new THREE.BufferAttribute(new Float32Array(3 * MAX_POINTS), 3));
    geometry.setDrawRange(0, 0);
    const line = new THREE.Line(geometry, new THREE.LineBasicMaterial({ vertexColors: true }));
    line.frustumCulled = false;
    this.group.add(line);
    this.trails.push({ body, local, times: [], points: [], dirty: true, line, color: new THREE.Color(COLORS[this.trails.length % COLORS.length]) });
  }

  clear(): void {
    for (const trail of this.trails) {
      trail.line.geometry.dispose();
      (trail.line.material as THREE.Material).dispose();
    }
    this.group.clear();
    this.trails = [];
  }

  /** At every sampling step (the timeline calls it): each trail's point now, from its body's float64 pose. */
  sample(time: number, pose: (body: number) => ArrayLike<number> | null): void {
    for (const trail of this.trails) {
      if (trail.times.length > 0 && time <= trail.times[trail.times.length - 1]) continue; // a moment already traced
      const p = pose(trail.body);
      if (!p) continue; // the body is gone (a scene rebuilt with fewer)
      this.rotation.set(p[3], p[4], p[5], p[6]);
      this.point.copy(trail.local).applyQuaternion(this.rotation);
      trail.times.push(time);
      trail.points.push(p[0] + this.point.x, p[1] + this.point.y, p[2] + this.point.z);
      trail.dirty = true;
    }
  }

  /** Once a frame: forgets what is older than `seconds` and redraws the trails that changed. */
  frame(now: number): void {
    for (const trail of this.trails) {
      if (!trail.dirty && this.drawnSeconds === this.seconds) continue;
      const newest = trail.times.length > 0 ? trail.times[trail.times.length - 1] : now;
      let old = 0;
      while (old < trail.times.length - 1 && (trail.times[old] < newest - this.seconds || trail.times.length - old > MAX_POINTS)) old++;
      trail.times.splice(0, old);
      trail.points.splice(0, 3 * old);
      this.redraw(trail, now);
      trail.dirty = false;
    }
    this.drawnSeconds = this.seconds;
  }
  private drawnSeconds = 0;

  /** The timeline went back to `time`: what was traced after it goes. */
  truncateAfter(time: number): void {
    for (const trail of this.trails) {
      let n = trail.times.length;
      while (n > 0 && trail.times[n - 1] > time + 1e-12) n--;
      trail.times.length = n;
      trail.points.length = 3 * n;
      trail.dirty = true;
    }
  }

  /**
   * For tests and readouts: each trail's body, its point in the body's frame, sample count, newest
   * point, the times sampled and their points (float64), and the vertices the line draws (float32).
   */
  describe(): { body: number; local: number[]; samples: number; last: number[] | null; times: number[]; points: number[][]; vertices: number[][] }[] {
    return this.trails.map((t) => {
      const position = t.line.geometry.getAttribute('position') as THREE.BufferAttribute;
      const drawn = t.line.geometry.drawRange.count;
      return {
        body: t.body,
        local: t.local.toArray(),
        samples: t.times.length,
        last: t.times.length > 0 ? t.points.slice(-3) : null,
        times: [...t.times],
        points: Array.from({ length: t.times.length }, (_, i) => t.points.slice(3 * i, 3 * i + 3)),
        vertices: Array.from({ length: drawn }, (_, i) => [position.getX(i), position.getY(i), position.getZ(i)]),
      };
    });
  }

  // Positions, and colours fading from the trail's colour (now) to the background (oldest).
  private redraw(trail: Trail, now: number): void {
    const geometry = trail.line.geometry;
    const position = geometry.getAttribute('position') as THREE.BufferAttribute;
    const color = geometry.getAttribute('color') as THREE.BufferAttribute;
    const n = trail.times.length;
    const faded = new THREE.Color();
    for (let i = 0; i < n; i++) {
      position.setXYZ(i, trail.points[3 * i], trail.points[3 * i + 1], trail.points[3 * i + 2]);
      const age = Math.min(1, Math.max(0, (now - trail.times[i]) / this.seconds));
      faded.copy(trail.color).lerp(BACKGROUND, age * 0.85);
      color.setXYZ(i, faded.r, faded.g, faded.b);
    }
    position.needsUpdate = true;
    color.needsUpdate = true;
    geometry.setDrawRange(0, n);
  }
}
