// Drawing aids over the bodies, each toggled from the panel: joint frames and axes, centres of
// mass, axis-aligned bounding boxes of the bodies' shapes, and the engine's contact points. Everything is computed for drawing
// only, from what the engine reports (BodyInfo, JointInfo) and the pose buffer; nothing here is
// physics. Each overlay is one line or point object whose buffer is refilled per frame while shown.
import * as THREE from 'three';
import type { BodyInfo, JointInfo, ShapeInfo } from 'featherweight-wasm/featherweight.js';
import { CONTACT, POSE } from '../../../lib/views';

export interface OverlayToggles {
  joints: boolean;
  centersOfMass: boolean;
  boxes: boolean;
  contacts: boolean;
}

const AXIS_COLORS = [new THREE.Color('#e0412c'), new THREE.Color('#2fa84f'), new THREE.Color('#2b6cd9')];
const JOINT_AXIS_COLOR = new THREE.Color('#f2a900');
const BOX_COLOR = '#6b46c1';

function dynamicLines(vertexCapacity: number, material: THREE.LineBasicMaterial): THREE.LineSegments {
  const geometry = new THREE.BufferGeometry();
  geometry.setAttribute('position', new THREE.BufferAttribute(new Float32Array(vertexCapacity * 3), 3).setUsage(THREE.DynamicDrawUsage));
  if (material.vertexColors) geometry.setAttribute('color', new THREE.BufferAttribute(new Float32Array(vertexCapacity * 3), 3));
  const lines = new THREE.LineSegments(geometry, material);
  lines.frustumCulled = false;
  lines.renderOrder = 10;
  return lines;
}

/** World-space half extents of a shape under rotation `r` (3×3 row-major), about its centre. */
function shapeHalfExtents(shape: ShapeInfo, r: THREE.Matrix3, out: THREE.Vector3): THREE.Vector3 {
  const m = r.elements; // column-major: m[col * 3 + row]
  const radius = shape.radius ?? 0;
  const half = (shape.length ?? 0) / 2;
  for (let row = 0; row < 3; row++) {
    const rx = Math.abs(m[row]), ry = Math.abs(m[3 + row]), rz = Math.abs(m[6 + row]);
    let e: number;
    switch (shape.type) {
      case 'box': {
        const [sx, sy, sz] = shape.size ?? [0, 0, 0];
        e = (rx * sx + ry * sy + rz * sz) / 2;
        break;
      }
      case 'capsule':
        e = rz * half + radius;
        break;
      case 'cylinder': // a disc of radius r at each end of the axis
        e = rz * half + radius * Math.sqrt(Math.max(0, 1 - rz * rz));
        break;
      default:
        e = radius;
    }
    out.setComponent(row, e);
  }
  return out;
}

export class Overlays {
  readonly toggles: OverlayToggles = { joints: false, centersOfMass: false, boxes: false, contacts: false };
  private readonly group = new THREE.Group();
  private bodies: BodyInfo[] = [];
  private joints: JointInfo[] = [];
  private frameLength = 0.1;
  private jointLines: THREE.LineSegments;
  private comPoints: THREE.Points;
  private boxLines: THREE.LineSegments;
  private contactPoints: THREE.Points;
  private contactNormals: THREE.LineSegments;
  private contactCount = 0;

  constructor(scene: THREE.Scene) {
    this.jointLines = dynamicLines(0, new THREE.LineBasicMaterial({ vertexColors: true, depthTest: false, transparent: true }));
    this.comPoints = this.points('#111111', 9);
    this.boxLines = dynamicLines(0, new THREE.LineBasicMaterial({ color: BOX_COLOR, transparent: true, opacity: 0.8 }));
    this.contactPoints = this.points('#d9482b', 8);
    this.contactNormals = dynamicLines(0, new THREE.LineBasicMaterial({ color: '#d9482b', depthTest: false, transparent: true }));
    this.group.add(this.jointLines, this.comPoints, this.boxLines, this.contactPoints, this.contactNormals);
    scene.add(this.group);
    this.setScene([], [], new Float32Array(0));
  }

  private points(color: string, size: number): THREE.Points {
    const geometry = new THREE.BufferGeometry();
    geometry.setAttribute('position', new THREE.BufferAttribute(new Float32Array(0), 3));
    const points = new THREE.Points(geometry, new THREE.PointsMaterial({ color, size, sizeAttenuation: false, depthTest: false, transparent: true }));
    points.frustumCulled = false;
    points.renderOrder = 11;
    return points;
  }

  private resize(object: THREE.LineSegments | THREE.Points, vertices: number): void {
    const geometry = object.geometry;
    const withColor = geometry.getAttribute('color') !== undefined;
    geometry.dispose();
    const next = new THREE.BufferGeometry();
    next.setAttribute('position', new THREE.BufferAttribute(new Float32Array(vertices * 3), 3).setUsage(THREE.DynamicDrawUsage));
    if (withColor) next.setAttribute('color', new THREE.BufferAttribute(new Float32Array(vertices * 3), 3));
    object.geometry = next;
  }

  /** After a scene (re)loads; the initial poses size the frame axes to the scene. */
  setScene(bodies: BodyInfo[], joints: JointInfo[], poses: Float32Array): void {
    this.bodies = bodies;
    this.joints = joints;
    const size = this.sceneBox(poses, new THREE.Box3()).getSize(this.vector).length();
    this.frameLength = Number.isFinite(size) && size > 0 ? Math.min(0.3, Math.max(0.03, size * 0.04)) : 0.1;
    const axisCount = joints.filter((j) => j.type === 'revolute' || j.type === 'prismatic').length;
    this.resize(this.jointLines, (bodies.length * 3 + axisCount) * 2);
    this.resize(this.comPoints, bodies.length);
    this.resize(this.boxLines, bodies.length * 24);
    // Joint colours are fixed per scene: x red, y green, z blue, then the joint axes in amber.
    const colors = this.jointLines.geometry.getAttribute('color') as THREE.BufferAttribute;
    let v = 0;
    for (let b = 0; b < bodies.length; b++) {
      for (let a = 0; a < 3; a++) for (let k = 0; k < 2; k++) colors.setXYZ(v++, AXIS_COLORS[a].r, AXIS_COLORS[a].g, AXIS_COLORS[a].b);
    }
    while (v < colors.count) colors.setXYZ(v++, JOINT_AXIS_COLOR.r, JOINT_AXIS_COLOR.g, JOINT_AXIS_COLOR.b);
    colors.needsUpdate = true;
    this.setContacts(null);
  }

  /**
   * The contact overlay's hook: the engine's contact points (the library's WorldViews.contactData(),
   * CONTACT layout: position, normal from the first shape to the second, impulse, separation),
   * fed per frame by the page; nothing here invents any. null clears it.
   */
  setContacts(data: Float32Array | null, count = data ? Math.floor(data.length / CONTACT.stride) : 0): void {
    this.contactCount = data ? count : 0;
    if (!data || count === 0) return;
    if ((this.contactPoints.geometry.getAttribute('position') as THREE.BufferAttribute).count < count) {
      this.resize(this.contactPoints, count * 2);
      this.resize(this.contactNormals, count * 4);
    }
    const points = this.contactPoints.geometry.getAttribute('position') as THREE.BufferAttribute;
    const normals = this.contactNormals.geometry.getAttribute('position') as THREE.BufferAttribute;
    const length = this.frameLength * 2;
    for (let i = 0; i < count; i++) {
      const o = i * CONTACT.stride + CONTACT.position, n = i * CONTACT.stride + CONTACT.normal;
      points.setXYZ(i, data[o], data[o + 1], data[o + 2]);
      normals.setXYZ(2 * i, data[o], data[o + 1], data[o + 2]);
      normals.setXYZ(2 * i + 1, data[o] + data[n] * length, data[o + 1] + data[n + 1] * length, data[o + 2] + data[n + 2] * length);
    }
    points.needsUpdate = true;
    normals.needsUpdate = true;
  }

  /** What is drawn now (for the tests): each overlay's visibility and the world points of its buffer. */
  describe(): Record<keyof OverlayToggles | 'normals', { visible: boolean; points: number[][] }> {
    const read = (object: THREE.LineSegments | THREE.Points) => {
      const position = object.geometry.getAttribute('position') as THREE.BufferAttribute;
      const count = Math.min(position.count, object.geometry.drawRange.count);
      return { visible: object.visible, points: Array.from({ length: count }, (_, i) => [position.getX(i), position.getY(i), position.getZ(i)]) };
    };
    return {
      joints: read(this.jointLines),
      centersOfMass: read(this.comPoints),
      boxes: read(this.boxLines),
      contacts: read(this.contactPoints),
      normals: read(this.contactNormals),
    };
  }

  /** Once per frame, after the poses changed. */
  update(poses: Float32Array): void {
    this.jointLines.visible = this.toggles.joints;
    this.comPoints.visible = this.toggles.centersOfMass;
    this.boxLines.visible = this.toggles.boxes;
    this.contactPoints.visible = this.contactNormals.visible = this.toggles.contacts && this.contactCount > 0;
    this.contactPoints.geometry.setDrawRange(0, this.contactCount);
    this.contactNormals.geometry.setDrawRange(0, this.contactCount * 2);
    if (this.toggles.joints) this.updateJoints(poses);
    if (this.toggles.centersOfMass) this.updateCentersOfMass(poses);
    if (this.toggles.boxes) this.updateBoxes(poses);
  }

  private readonly position = new THREE.Vector3();
  private readonly rotation = new THREE.Quaternion();
  private readonly vector = new THREE.Vector3();

  private pose(poses: Float32Array, body: number): void {
    const o = body * POSE.stride;
    this.position.set(poses[o + POSE.x], poses[o + POSE.y], poses[o + POSE.z]);
    this.rotation.set(poses[o + POSE.qx], poses[o + POSE.qy], poses[o + POSE.qz], poses[o + POSE.qw]);
  }

  /** Each body's frame (its joint frame after the joint's motion, as in URDF) and each 1-DoF joint's axis. */
  private updateJoints(poses: Float32Array): void {
    const positions = this.jointLines.geometry.getAttribute('position') as THREE.BufferAttribute;
    let v = 0;
    for (let b = 0; b < this.bodies.length; b++) {
      this.pose(poses, b);
      for (let a = 0; a < 3; a++) {
        this.vector.set(a === 0 ? 1 : 0, a === 1 ? 1 : 0, a === 2 ? 1 : 0).applyQuaternion(this.rotation).multiplyScalar(this.frameLength);
        positions.setXYZ(v++, this.position.x, this.position.y, this.position.z);
        positions.setXYZ(v++, this.position.x + this.vector.x, this.position.y + this.vector.y, this.position.z + this.vector.z);
      }
    }
    for (const joint of this.joints) {
      if (joint.type !== 'revolute' && joint.type !== 'prismatic') continue;
      this.pose(poses, joint.body);
      // A line through the joint origin along the axis, both ways.
      this.vector.set(...joint.axis).normalize().applyQuaternion(this.rotation).multiplyScalar(this.frameLength * 2);
      positions.setXYZ(v++, this.position.x - this.vector.x, this.position.y - this.vector.y, this.position.z - this.vector.z);
      positions.setXYZ(v++, this.position.x + this.vector.x, this.position.y + this.vector.y, this.position.z + this.vector.z);
    }
    positions.needsUpdate = true;
  }

  private updateCentersOfMass(poses: Float32Array): void {
    const positions = this.comPoints.geometry.getAttribute('position') as THREE.BufferAttribute;
    for (let b = 0; b < this.bodies.length; b++) {
      this.pose(poses, b);
      this.vector.set(...this.bodies[b].centerOfMass).applyQuaternion(this.rotation).add(this.position);
      positions.setXYZ(b, this.vector.x, this.vector.y, this.vector.z);
    }
    positions.needsUpdate = true;
  }

  private readonly shapeRotation = new THREE.Quaternion();
  private readonly matrix4 = new THREE.Matrix4();
  private readonly matrix3 = new THREE.Matrix3();
  private readonly half = new THREE.Vector3();
  private readonly box = new THREE.Box3();
  private readonly shapeBox = new THREE.Box3();

  /** The world AABB of a body's shapes at its current pose; empty for a body without shapes. */
  bodyBox(poses: Float32Array, body: number, out: THREE.Box3): THREE.Box3 {
    out.makeEmpty();
    this.pose(poses, body);
    for (const shape of this.bodies[body]?.shapes ?? []) {
      if (shape.type === 'plane') continue; // unbounded
      const [w, x, y, z] = shape.quaternion;
      this.shapeRotation.set(x, y, z, w).premultiply(this.rotation);
      this.vector.set(...shape.position).applyQuaternion(this.rotation).add(this.position);
      if (shape.type === 'convex' && shape.points) {
        for (const p of shape.points) out.expandByPoint(this.half.set(...p).applyQuaternion(this.shapeRotation).add(this.vector));
        continue;
      }
      this.matrix3.setFromMatrix4(this.matrix4.makeRotationFromQuaternion(this.shapeRotation));
      shapeHalfExtents(shape, this.matrix3, this.half);
      this.shapeBox.min.copy(this.vector).sub(this.half);
      this.shapeBox.max.copy(this.vector).add(this.half);
      out.union(this.shapeBox);
    }
    return out;
  }

  /** The AABB of all bodies but the ground planes (for framing the view). */
  sceneBox(poses: Float32Array, out: THREE.Box3): THREE.Box3 {
    out.makeEmpty();
    for (let b = 0; b < this.bodies.length; b++) {
      if (this.bodyBox(poses, b, this.box).isEmpty()) {
        if (this.bodies[b].shapes.some((shape) => shape.type === 'plane')) continue; // the ground: everywhere
        this.pose(poses, b);
        out.expandByPoint(this.position);
      } else {
        out.union(this.box);
      }
    }
    return out;
  }

  private updateBoxes(poses: Float32Array): void {
    const positions = this.boxLines.geometry.getAttribute('position') as THREE.BufferAttribute;
    let v = 0;
    for (let b = 0; b < this.bodies.length; b++) {
      const { min, max } = this.bodyBox(poses, b, this.box);
      if (this.box.isEmpty()) {
        for (let k = 0; k < 24; k++) positions.setXYZ(v++, 0, 0, 0);
        continue;
      }
      const corner = (i: number): [number, number, number] => [i & 1 ? max.x : min.x, i & 2 ? max.y : min.y, i & 4 ? max.z : min.z];
      // The 12 edges join corners differing in one bit.
      for (let i = 0; i < 8; i++) {
        for (const bit of [1, 2, 4]) {
          if (i & bit) continue;
          positions.setXYZ(v++, ...corner(i));
          positions.setXYZ(v++, ...corner(i | bit));
        }
      }
    }
    positions.needsUpdate = true;
  }
}
