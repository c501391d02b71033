// What MuJoCo's viewer would not show is not drawn: a geom of group 3 to 5 (where models keep
// their collision geoms) gets colour alpha 0, which the renderer does not draw (css_alpha.ts), and
// an rgba's alpha becomes the CSS colour's; unless meshes that would show instead were left out.
import { describe, expect, it } from 'vitest';
import { mjcfFiles, mjcfToScene } from '../../web/src/mjcf/mjcf_to_scene';
import { splitAlpha } from '../../web/src/view/css_alpha';

const model = (mesh: string) => `<mujoco model="groups">
  <asset><mesh name="cube" file="cube.obj"/></asset>
  <worldbody>
    <body name="b" pos="0 0 1">
      <freejoint/>
      <geom type="mesh" mesh="cube" contype="0" conaffinity="0" group="2"/>
      <geom type="box" size="0.1 0.1 0.1" group="3" rgba="0.2 0.4 0.6 1"/>
      <geom type="sphere" size="0.05" pos="0 0 0.2" rgba="1 0 0 0.5"/>
    </body>
  </worldbody>
</mujoco>`.replace('cube.obj', mesh);

const CUBE = ['v 0 0 0', 'v 1 0 0', 'v 0 1 0', 'v 1 1 0', 'v 0 0 1', 'v 1 0 1', 'v 0 1 1', 'v 1 1 1', 'f 1 2 3', 'f 5 6 7', 'f 1 5 2', 'f 3 7 8'].join('\n');

function colors(xml: string, files: Record<string, string>) {
  const { scene, notices } = mjcfToScene(xml, 'groups.xml', mjcfFiles(files));
  return { colors: scene.articulations![0].links[0].shapes!.map((s) => s.color), notices: notices.join('\n') };
}

describe('MJCF geom groups and alpha', () => {
  it('hides groups 3 to 5 (alpha 0) and keeps an rgba alpha', () => {
    const { colors: c, notices } = colors(model('cube.obj'), { 'cube.obj': CUBE });
    expect(c).toEqual([undefined, '#33669900', '#ff000080']);
    expect(notices).toMatch(/1 geom of groups 3 to 5 \(which MuJoCo's viewer hides\) are not drawn/);
  });

  it('draws them when the meshes that would show are left out', () => {
    const { colors: c, notices } = colors(model('cube.obj'), {});
    expect(c).toEqual(['#336699', '#ff000080']);
    expect(notices).toMatch(/are drawn, since the meshes that would show instead are left out/);
  });

  it('reads a CSS colour’s alpha for the renderer', () => {
    expect(splitAlpha('#33669900')).toEqual({ color: '#336699', alpha: 0 });
    expect(splitAlpha('#f008')).toEqual({ color: '#f00', alpha: 0x88 / 255 });
    expect(splitAlpha('rgba(10, 20, 30, 0.25)')).toEqual({ color: 'rgb(10, 20, 30)', alpha: 0.25 });
    expect(splitAlpha('transparent').alpha).toBe(0);
    expect(splitAlpha('steelblue')).toEqual({ color: 'steelblue', alpha: 1 });
    expect(splitAlpha('#336699')).toEqual({ color: '#336699', alpha: 1 });
  });
});
