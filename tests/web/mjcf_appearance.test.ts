// What an MJCF model shows and names beyond its physics: materials' colours (through default
// classes too; a geom's own rgba wins), a camera as the scene's view, sites as named frames on
// their links that the loader accepts and the library places, MJCF joint names carried on the
// scene's joints, and the notices that say what is still not read (lights, textures) and what
// changes the motion (MuJoCo's soft limits become hard ones).
import { beforeAll, describe, expect, it } from 'vitest';
import { type Engine, SceneError } from '../../lib/featherweight';
import { mjcfToScene } from '../../web/src/mjcf/mjcf_to_scene';
import { loadLibraryInNode } from './engine';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let engine: Engine;
beforeAll(async () => {
  engine = await loadLibraryInNode();
});

const MODEL = `<mujoco model="looks">
  <asset>
    <texture name="grid" type="2d" builtin="checker" width="8" height="8"/>
    <material name="red" rgba="1 0 0 1"/>
    <material name="blue" rgba="0 0 1 1" texture="grid"/>
  </asset>
  <default>
    <geom material="red"/>
    <default class="cool"><geom material="blue"/></default>
  </default>
  <worldbody>
    <light name="sun" pos="0 0 5"/>
    <camera name="overview" pos="0 -4 2" xyaxes="1 0 0 0 0.447214 0.894427" fovy="60"/>
    <geom name="floor" type="plane" size="5 5 0.1" rgba="0.2 0.3 0.4 1"/>
    <body name="arm" pos="0 0 1">
      <joint name="swing" axis="0 1 0" range="-45 45"/>
      <geom type="capsule" fromto="0 0 0 0 0 -0.5" size="0.05"/>
      <geom class="cool" type="sphere" pos="0 0 -0.5" size="0.1"/>
      <geom type="box" size="0.1 0.1 0.1" pos="0 0 0.2" material="blue" rgba="0 1 0 1"/>
      <site name="tip" pos="0 0 -0.6" quat="0 1 0 0"/>
      <camera name="wrist" pos="0 0 -0.7"/>
    </body>
  </worldbody>
</mujoco>`;

/** The loader's refusal of a scene: where and why. */
function refusal(scene: object): { path: string; message: string } | null {
  try {
    engine.createWorld(scene).dispose();
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(SceneError);
    return { path: (error as SceneError).path, message: (error as SceneError).message };
  }
}

describe('what an MJCF model shows and names', () => {
  it('colours geoms by their material (default classes too); a geom rgba other than the default wins', () => {
    const { scene } = mjcfToScene(MODEL, 'looks.xml');
    const shapes = (scene as Json).articulations[0].links[0].shapes as Json[];
    expect(shapes.map((s) => s.color)).toEqual(['#ff0000', '#0000ff', '#00ff00']);
    expect((scene as Json).bodies[0].shapes[0].color).toBe('#334d66');
  });

  it("takes the first camera as the view, or the one named; a camera's line of sight and fovy", () => {
    const first = mjcfToScene(MODEL, 'looks.xml').scene as Json;
    expect(first.camera.position).toEqual([0, -4, 2]);
    expect(first.camera.fov).toBe(60);
    const [dx, dy, dz] = first.camera.target.map((t: number, k: number) => t - first.camera.position[k]);
    expect(dx).toBeCloseTo(0, 12);
    expect(dz / dy).toBeCloseTo(-0.5, 5); // looking along −z of the camera frame: down and ahead (xyaxes to 6 digits)
    const wrist = mjcfToScene(MODEL, 'looks.xml', undefined, { camera: 'wrist' }).scene as Json;
    expect(wrist.camera.position).toEqual([0, 0, 0.3]);
    expect(wrist.camera.fov).toBe(45);
    const missing = mjcfToScene(MODEL, 'looks.xml', undefined, { camera: 'nose' });
    expect((missing.scene as Json).camera).toBeUndefined();
    expect(missing.notices.join('\n')).toMatch(/No camera named "nose" \(there are: overview, wrist\)/);
  });

  it('lists lights and textures as ignored, and says that soft limits become hard', () => {
    const { notices } = mjcfToScene(MODEL, 'looks.xml');
    const ignored = notices.find((n) => n.startsWith('Ignored'))!;
    expect(ignored).toMatch(/asset <texture>/);
    expect(ignored).toMatch(/material texture/);
    expect(ignored).toMatch(/worldbody <light>/);
    expect(notices.join('\n')).toMatch(/joint limits are soft.*Featherweight's are hard.*1 limited joint moves differently/);
  });

  it('carries sites and joint names into the scene; the loader takes them and the library places the site', () => {
    const { scene } = mjcfToScene(MODEL, 'looks.xml');
    const link = (scene as Json).articulations[0].links[0];
    expect(link.sites).toEqual([{ name: 'tip', position: [0, 0, -0.6], quaternion: [0, 1, 0, 0] }]);
    expect(link.joint.name).toBe('swing');
    const world = engine.createWorld(scene);
    world.q[world.joint('swing').qIndex] = Math.PI / 2; // the tip swings to +x… about y: z → x
    const tip = world.site('tip');
    expect(tip.position[0]).toBeCloseTo(-0.6, 12);
    expect(tip.position[2]).toBeCloseTo(1, 12);
    expect(world.bodyPose('arm').position).toEqual([0, 0, 1]);
  });

  it('the loader checks sites and joint names, naming the place', () => {
    const { scene } = mjcfToScene(MODEL, 'looks.xml');
    const bad = structuredClone(scene) as Json;
    bad.articulations[0].links[0].sites = [{ position: [0, 0, 0] }];
    expect(refusal(bad)).toEqual({ path: '/articulations/0/links/0/sites/0/name', message: 'required field is missing' });
    const badName = structuredClone(scene) as Json;
    badName.articulations[0].links[0].joint.name = 'a/b';
    expect(refusal(badName)).toEqual({ path: '/articulations/0/links/0/joint/name', message: "name must not contain '/'" });
  });
});
