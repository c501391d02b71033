// The panel, the keys and the overlays in headless Chromium: playback speed scales simulated
// time per real second without touching dt, a world edit rebuilds the scene, the help overlay
// opens and closes, frame-all and follow move the camera, body position/velocity plots receive
// the engine's numbers, the overlays draw, and a phone-sized page fits its width.
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { clockWatch, downloadText, frames, PHONE, runFor, settledCamera, snapshot, usePageHarness } from './harness';
import { control, openFolder } from './gui';

const harness = usePageHarness();

/**
 * Simulated seconds per real second over `count` frames, as the page's loop counts real time:
 * each frame's interval capped at a tenth of a second (sim_loop.ts), so that a slow machine's long
 * frames do not read as a slower speed.
 */
function simRate(page: Page, count = 12): Promise<number> {
  return page.evaluate(async (n) => {
    const fw = window.__featherweight!;
    const frame = () => new Promise<number>((done) => requestAnimationFrame(done));
    let last = await frame();
    const t0 = fw.time();
    let wall = 0;
    for (let k = 0; k < n; k++) {
      const now = await frame();
      wall += Math.min(now - last, 100) / 1000;
      last = now;
    }
    return (fw.time() - t0) / wall;
  }, count);
}

async function download(page: Page): Promise<string[]> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.locator('#plot-csv').click()]);
  return (await downloadText(file)).trim().split('\n');
}

describe('controls', () => {
  it('playback speed 1/4× advances simulated time about a quarter as fast, with the same dt', async () => {
    const { page, problems } = await harness.open();
    const dt = await page.evaluate(() => window.__featherweight!.timestep());
    const normal = await simRate(page);
    expect(normal).toBeGreaterThan(0.7);
    expect(normal).toBeLessThan(1.3);
    await control(page, 'speed').locator('select').selectOption({ label: '1/4×' });
    expect(await page.evaluate(() => window.__featherweight!.speed())).toBe(0.25);
    const quarter = await simRate(page);
    expect(quarter / normal).toBeGreaterThan(0.18);
    expect(quarter / normal).toBeLessThan(0.32);
    expect(await page.evaluate(() => window.__featherweight!.timestep())).toBe(dt);
    expect(await page.locator('#hud').textContent()).toContain('1/4×');
    // ] goes one notch faster, [ one slower.
    await page.keyboard.press(']');
    expect(await page.evaluate(() => window.__featherweight!.speed())).toBe(0.5);
    await page.keyboard.press('[');
    await page.keyboard.press('[');
    expect(await page.evaluate(() => window.__featherweight!.speed())).toBe(0.125);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('gravity 0 in the World folder changes the course from this moment: the pendulum turns on at constant speed', async () => {
    const { page, problems } = await harness.open('', 0.2);
    // The edit lands half a second in, near the bottom of the swing where the bob is fastest (a
    // quarter period is 0.53 s), not at a turning point where it would hardly move on.
    await page.evaluate(() => {
      const fw = window.__featherweight!;
      const target = Math.round(0.5 / fw.timestep()), now = Math.round(fw.time() / fw.timestep());
      if (now <= target) fw.advance(target - now);
      else fw.seekStep(target);
    });
    await openFolder(page, 'World');
    const input = control(page, 'gravity z').locator('input').first();
    expect(Number(await input.inputValue())).toBeCloseTo(-9.81, 6);
    await input.fill('0');
    await input.press('Enter');
    const state = () => page.evaluate(() => ({ t: window.__featherweight!.time(), v: window.__featherweight!.v()[0] }));
    const before = await state();
    expect(before.t).toBeCloseTo(0.5, 6); // carried on from this moment: the clock did not start again
    expect(Math.abs(before.v)).toBeGreaterThan(1); // it was swinging
    await page.locator('#play').click();
    await runFor(page, 0.3, before.t);
    const after = await state();
    expect(after.v).toBeCloseTo(before.v, 9); // no gravity, no damping: the same angular velocity
    expect(await page.locator('#error').isHidden()).toBe(true);
    expect((await page.evaluate(() => window.__featherweight!.timeline())).inputs).toBeGreaterThan(0); // the edit is recorded
    // And back: gravity slows or speeds it again.
    await input.fill('-9.81');
    await input.press('Enter');
    await page.waitForFunction((t) => window.__featherweight!.time() > t + 0.3, after.t);
    expect(Math.abs((await state()).v - after.v)).toBeGreaterThan(1e-3);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('a scene slider of the initial state (meta.sliders) starts the scene again with the new value', async () => {
    const { page, problems } = await harness.open();
    await openFolder(page, 'Scene');
    const input = control(page, 'Release angle').locator('input').first();
    const clock = await clockWatch(page);
    await input.fill('0');
    await input.press('Enter');
    await expect.poll(() => clock.restarted()).toBe(true); // started again
    await runFor(page, 0.2);
    const pose = await page.evaluate(() => window.__featherweight!.bodyPose(0));
    expect(Math.abs(pose[4])).toBeLessThan(1e-6); // hanging straight down, at rest
    expect(problems).toEqual([]);
    await page.close();
  });

  it("a motor's target slider moves the servo live, without a rebuild", async () => {
    const { page, problems } = await harness.open('?scene=servo-arm.json', 1.5);
    await openFolder(page, 'Scene');
    // Body 3 is the upper arm (after ground, ball and base); its angle about y from its quaternion.
    const shoulder = () => page.evaluate(() => {
      const p = window.__featherweight!.bodyPose(3);
      return { t: window.__featherweight!.time(), angle: 2 * Math.atan2(p[4], p[6]) };
    });
    const before = await shoulder();
    expect(before.angle).toBeCloseTo(1.0, 1); // at its scene target
    const input = control(page, 'Shoulder target').locator('input').first();
    const clock = await clockWatch(page);
    await input.fill('0');
    await runFor(page, 1.5, before.t);
    expect(await clock.restarted()).toBe(false); // the clock kept running: no rebuild
    const after = await shoulder();
    expect(Math.abs(after.angle)).toBeLessThan(0.05); // and the servo took the arm to 0
    expect(problems).toEqual([]);
    await page.close();
  });

  it('a joint effort slider drives the joint live, without a rebuild', async () => {
    const { page, problems } = await harness.open();
    await openFolder(page, 'World');
    const gravity = control(page, 'gravity z').locator('input').first();
    await gravity.fill('0');
    await gravity.press('Enter'); // a still pendulum
    await openFolder(page, 'Joint efforts');
    const still = await page.evaluate(() => ({ t: window.__featherweight!.time(), pose: window.__featherweight!.bodyPose(0) }));
    const effort = control(page, 'pendulum/rod τ').locator('input').first();
    const clock = await clockWatch(page);
    await effort.fill('5');
    await effort.press('Enter');
    await runFor(page, 0.3);
    const driven = await page.evaluate(() => ({ t: window.__featherweight!.time(), pose: window.__featherweight!.bodyPose(0) }));
    expect(await clock.restarted()).toBe(false); // the clock kept running: no rebuild
    expect(Math.abs(driven.pose[4] - still.pose[4])).toBeGreaterThan(1e-3); // and the rod turns
    expect(problems).toEqual([]);
    await page.close();
  });

  it('an edit the engine refuses shows its message, and the previous scene keeps running', async () => {
    const { page, problems } = await harness.open();
    // The pendulum with Coulomb friction at its joint, which needs semi-implicit Euler.
    const text = readFileSync(new URL('../../public/scenes/pendulum.json', import.meta.url), 'utf8');
    const scene = JSON.parse(text);
    scene.world.integrator = 'semi-implicit-euler';
    scene.articulations[0].links[0].joint.friction = 0.01;
    await page.route('**/scenes/friction-pendulum.json', (route) => route.fulfill({ contentType: 'application/json', body: JSON.stringify(scene) }));
    await page.goto(page.url().replace(/\?.*$/, '') + '?scene=friction-pendulum.json');
    await page.waitForFunction(() => (window.__featherweight?.time() ?? 0) > 0.2, null, { timeout: 45_000 });
    await openFolder(page, 'World');
    const integrator = control(page, 'integrator').locator('select');
    expect(await integrator.inputValue()).toBe('semi-implicit-euler');
    const clock = await clockWatch(page);
    await integrator.selectOption('rk4');
    expect(await page.locator('#error').isVisible()).toBe(true);
    expect(await page.locator('#error-text').textContent()).toContain('semi-implicit-euler');
    expect(await integrator.inputValue()).toBe('semi-implicit-euler'); // the control shows what runs
    await runFor(page, 0.2); // still running …
    expect(await clock.restarted()).toBe(false); // … and not reset
    expect(problems).toEqual([]);
    await page.close();
  });

  it('h opens the help overlay; Esc and h close it', async () => {
    const { page, problems } = await harness.open();
    const help = page.locator('#help');
    expect(await help.isVisible()).toBe(false);
    await page.keyboard.press('h');
    expect(await help.isVisible()).toBe(true);
    expect(await help.textContent()).toContain('frame all');
    await snapshot(page, 'test-results/help.png');
    await page.keyboard.press('Escape');
    expect(await help.isVisible()).toBe(false);
    await page.keyboard.press('h');
    expect(await help.isVisible()).toBe(true);
    await page.keyboard.press('h');
    expect(await help.isVisible()).toBe(false);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('f frames all bodies: the camera moves and every corner of their box is in view', async () => {
    const { page, problems } = await harness.open('?scene=chain-10.json');
    await page.keyboard.press(' ');
    // Zoom far out with the wheel over empty space first.
    await page.mouse.move(640, 60);
    const opening = await page.evaluate(() => window.__featherweight!.camera());
    for (let i = 0; i < 10; i++) await page.mouse.wheel(0, 400);
    await expect.poll(() => page.evaluate(() => window.__featherweight!.camera().position)).not.toEqual(opening.position);
    await settledCamera(page);
    const before = await page.evaluate(() => window.__featherweight!.camera());
    await page.keyboard.press('f');
    const after = await settledCamera(page);
    const moved = Math.hypot(...after.position.map((p, k) => p - before.position[k]));
    expect(moved).toBeGreaterThan(0.1);
    const { min, max } = await page.evaluate(() => window.__featherweight!.sceneBox());
    const centre = min.map((m, k) => (m + max[k]) / 2);
    for (let k = 0; k < 3; k++) expect(after.target[k]).toBeCloseTo(centre[k], 3);
    for (let i = 0; i < 8; i++) {
      const corner = [i & 1 ? max[0] : min[0], i & 2 ? max[1] : min[1], i & 4 ? max[2] : min[2]];
      const screen = await page.evaluate((c) => window.__featherweight!.toScreen(c[0], c[1], c[2]), corner);
      expect(screen.x).toBeGreaterThanOrEqual(0);
      expect(screen.x).toBeLessThanOrEqual(1280);
      expect(screen.y).toBeGreaterThanOrEqual(0);
      expect(screen.y).toBeLessThanOrEqual(720);
    }
    await snapshot(page, 'test-results/frame-all.png');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('clicking a body selects it, follow keeps the camera target on it, clicking empty space deselects', async () => {
    const { page, problems } = await harness.open();
    const target = () => page.evaluate(() => window.__featherweight!.camera().target);
    // Click the bob (paused, to aim): the bob is 1 m from the pivot along the rod's −z axis.
    await page.keyboard.press(' ');
    const bob = await page.evaluate(() => {
      const [x, y, z, ux, uy, uz, w] = window.__featherweight!.bodyPose(0);
      const t = [-2 * uy, 2 * ux, 0]; // v' = v + w t + u × t, t = 2 u × v, v = (0, 0, −1)
      const v = [w * t[0] + (uy * t[2] - uz * t[1]), w * t[1] + (uz * t[0] - ux * t[2]), -1 + w * t[2] + (ux * t[1] - uy * t[0])];
      return window.__featherweight!.toScreen(x + v[0], y + v[1], z + v[2]);
    });
    expect(await page.evaluate(() => window.__featherweight!.selected())).toBe(-1);
    await page.mouse.click(bob.x, bob.y);
    expect(await page.evaluate(() => window.__featherweight!.selected())).toBe(0);
    await page.keyboard.press(' ');
    const t0 = await target();
    await runFor(page, 0.2); // the bob moves …
    expect(await target()).toEqual(t0); // … and the view does not follow yet
    await page.keyboard.press('l');
    await runFor(page, 0.2);
    await frames(page);
    const t1 = await target();
    await runFor(page, 0.2);
    await frames(page);
    const t2 = await target();
    // The bob is the pendulum's centre of mass, 1 m below the pivot at (0, 0, 1.5).
    expect(Math.hypot(t2[0], t2[1], t2[2] - 1.5)).toBeCloseTo(1, 2);
    expect(Math.hypot(...t2.map((v, k) => v - t1[k]))).toBeGreaterThan(1e-3); // it moves with the bob
    await page.mouse.click(640, 80); // empty sky (below the view buttons)
    expect(await page.evaluate(() => window.__featherweight!.selected())).toBe(-1);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('plots a body position and velocity from the engine buffers, and exports them as CSV', async () => {
    const { page, problems } = await harness.open('?scene=double-pendulum.json');
    const names = await page.evaluate(() => window.__featherweight!.bodyNames());
    const lower = names.indexOf('double-pendulum/lower');
    expect(lower).toBeGreaterThanOrEqual(0);
    await page.locator('#plot-picker').selectOption({ label: 'double-pendulum/lower position (m)' });
    await page.waitForFunction(() => window.__featherweight!.plotSamples() > 10, null, { timeout: 30_000 });
    await page.keyboard.press(' ');
    expect(await page.evaluate(() => window.__featherweight!.paused())).toBe(true);
    const rows = await download(page);
    expect(rows[0]).toBe('t (s),lower: x (m),lower: y (m),lower: z (m),upper: q (rad)'); // and the second plot's
    const last = rows[rows.length - 1].split(',').map(Number);
    const pose = await page.evaluate((i) => window.__featherweight!.bodyPose(i), lower);
    for (let k = 0; k < 3; k++) expect(last[k + 1]).toBeCloseTo(pose[k], 6);
    const xs = rows.slice(1).map((row) => Number(row.split(',')[1]));
    expect(Math.max(...xs) - Math.min(...xs)).toBeGreaterThan(0.01); // it moved

    // Velocity: while paused every step adds one sample; it is the pose's rate of change.
    await page.locator('#plot-picker').selectOption({ label: 'double-pendulum/lower velocity (m/s)' });
    const dt = await page.evaluate(() => window.__featherweight!.timestep());
    // Not at a turning point, where the velocity is too small to compare with (when it paused depends on the machine's speed).
    await page.evaluate((i) => {
      const fw = window.__featherweight!;
      for (let k = 0; k < 5000 && Math.hypot(...fw.bodyVelocity(i).slice(0, 3)) < 0.3; k++) fw.advance(1);
    }, lower);
    const p0 = await page.evaluate((i) => window.__featherweight!.bodyPose(i), lower);
    const v0 = await page.evaluate((i) => window.__featherweight!.bodyVelocity(i), lower);
    // The plot samples at every step, not once a drawn frame.
    const before = await page.evaluate(() => window.__featherweight!.plotSamples());
    for (let i = 0; i < 5; i++) await page.keyboard.press('s');
    await frames(page, 1);
    expect(await page.evaluate(() => window.__featherweight!.plotSamples())).toBe(before + 5);
    const p1 = await page.evaluate((i) => window.__featherweight!.bodyPose(i), lower);
    const v = await page.evaluate((i) => window.__featherweight!.bodyVelocity(i), lower);
    const vrows = await download(page);
    expect(vrows[0]).toBe('t (s),lower: vx (m/s),lower: vy (m/s),lower: vz (m/s),upper: q (rad)');
    const vlast = vrows[vrows.length - 1].split(',').map(Number);
    for (let k = 0; k < 3; k++) expect(vlast[k + 1]).toBeCloseTo(v[k], 6);
    const speed = Math.hypot(v[0], v[1], v[2]);
    expect(speed).toBeGreaterThan(0.05);
    // The displacement over the five steps is their mean velocity: compare with the mean of the ends
    // (the bob accelerates at up to ~20 m/s², so the end velocity alone differs by ~0.2 m/s).
    for (let k = 0; k < 3; k++) expect(Math.abs((p1[k] - p0[k]) / (5 * dt) - (v0[k] + v[k]) / 2)).toBeLessThan(0.05 * speed + 2e-3);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("the overlays draw what they say: each body's box bounds its mesh, its frame sits at its pose, its centre of mass at its centre", async () => {
    const { page, problems } = await harness.open('?scene=chain-10.json');
    await page.keyboard.press(' ');
    await openFolder(page, 'View');
    const drawn = () => page.evaluate(() => window.__featherweight!.overlays());
    expect(Object.values(await drawn()).map((o) => o.visible)).toEqual([false, false, false, false, false]);
    for (const label of ['bounding boxes', 'joint frames', 'centres of mass']) await control(page, label).locator('input').click();
    await frames(page);
    const overlays = await drawn();
    expect([overlays.boxes.visible, overlays.joints.visible, overlays.centersOfMass.visible]).toEqual([true, true, true]);
    const count = await page.evaluate(() => window.__featherweight!.bodyCount());
    const bodies = await page.evaluate((n) => Array.from({ length: n }, (_, i) => ({ pose: window.__featherweight!.bodyPose(i), mesh: window.__featherweight!.drawnBody(i)! })), count);
    const f32 = 1e-5; // the overlay buffers are float32
    for (const [i, { pose, mesh }] of bodies.entries()) {
      // The box: 12 edges, whose corners span exactly the tightest box around the body's drawn
      // mesh, less what tessellating a round shape cuts off (a 32-gon's inner radius is 0.5 % short).
      const corners = overlays.boxes.points.slice(24 * i, 24 * (i + 1));
      for (let k = 0; k < 3; k++) {
        const lo = Math.min(...corners.map((c) => c[k])), hi = Math.max(...corners.map((c) => c[k]));
        const extent = mesh.box.max[k] - mesh.box.min[k];
        expect(lo).toBeLessThanOrEqual(mesh.box.min[k] + f32);
        expect(hi).toBeGreaterThanOrEqual(mesh.box.max[k] - f32);
        expect(mesh.box.min[k] - lo).toBeLessThan(0.01 * extent + f32);
        expect(hi - mesh.box.max[k]).toBeLessThan(0.01 * extent + f32);
      }
      // The frame: three equal, orthogonal arrows from the body's origin along its rotated axes.
      const axes = overlays.joints.points.slice(6 * i, 6 * (i + 1));
      const [x, y, z, qx, qy, qz, qw] = pose;
      const rotate = (v: number[]) => {
        const t = [2 * (qy * v[2] - qz * v[1]), 2 * (qz * v[0] - qx * v[2]), 2 * (qx * v[1] - qy * v[0])];
        return [v[0] + qw * t[0] + (qy * t[2] - qz * t[1]), v[1] + qw * t[1] + (qz * t[0] - qx * t[2]), v[2] + qw * t[2] + (qx * t[1] - qy * t[0])];
      };
      const length = Math.hypot(...axes[1].map((c, k) => c - axes[0][k]));
      expect(length).toBeGreaterThan(0.01);
      for (let a = 0; a < 3; a++) {
        const [from, to] = [axes[2 * a], axes[2 * a + 1]];
        for (let k = 0; k < 3; k++) expect(from[k]).toBeCloseTo([x, y, z][k], 4);
        const axis = rotate([0, 1, 2].map((k) => (k === a ? 1 : 0)));
        for (let k = 0; k < 3; k++) expect(to[k] - from[k]).toBeCloseTo(length * axis[k], 4);
      }
      // The centre of mass of a capsule is its middle: the middle of its mesh.
      const com = overlays.centersOfMass.points[i];
      for (let k = 0; k < 3; k++) expect(com[k]).toBeCloseTo((mesh.box.min[k] + mesh.box.max[k]) / 2, 4);
    }
    // Their drawing is the renderer's last frame: the drawn objects' poses are the engine's.
    for (const { pose, mesh } of bodies) for (let k = 0; k < 7; k++) expect(mesh.pose[k]).toBeCloseTo(pose[k], 5);
    await snapshot(page, 'test-results/overlays.png', '#view');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('draws the contact points the engine reports: under the resting ball, normals up', async () => {
    const { page, problems } = await harness.open();
    const scene = {
      format: 'featherweight-scene',
      version: 1,
      meta: { title: 'Ball on the floor' },
      // Sleeping off: a ball at rest would fall asleep, and sleepers' contacts are not searched.
      world: { timestep: 1 / 240, solver: { sleep: false } },
      bodies: [
        { name: 'floor', static: true, shapes: [{ type: 'plane' }] },
        { name: 'ball', position: [0.2, -0.1, 0.3], shapes: [{ type: 'sphere', radius: 0.1, color: '#2b6cd9' }] },
      ],
      camera: { position: [0.5, -1, 0.4], target: [0, 0, 0.1], fov: 45 },
    };
    await page.route('**/scenes/contact-ball.json', (route) => route.fulfill({ contentType: 'application/json', body: JSON.stringify(scene) }));
    await page.goto(page.url().replace(/\?.*$/, '') + '?scene=contact-ball.json');
    await page.waitForFunction(() => window.__featherweight !== undefined && document.getElementById('loading')!.hidden);
    expect(await page.locator('#scene-title').textContent()).toBe('Ball on the floor');
    await page.evaluate(() => window.__featherweight!.advance(240)); // 1 s: it has landed and rests
    const ball = await page.evaluate(() => window.__featherweight!.bodyPose(1));
    expect(ball[2]).toBeCloseTo(0.1, 2);
    expect(await page.evaluate(() => window.__featherweight!.contactCount())).toBeGreaterThan(0);
    await openFolder(page, 'View');
    const toggle = control(page, 'contact').locator('input');
    expect(await toggle.isDisabled()).toBe(false);
    expect((await page.evaluate(() => window.__featherweight!.overlays())).contacts.visible).toBe(false);
    await toggle.click();
    await frames(page);
    const { contacts, normals } = await page.evaluate(() => window.__featherweight!.overlays());
    expect(contacts.visible && normals.visible).toBe(true);
    expect(contacts.points.length).toBe(await page.evaluate(() => window.__featherweight!.contactCount()));
    for (const [i, p] of contacts.points.entries()) {
      // On the floor, right below the ball's centre …
      expect(p[0]).toBeCloseTo(ball[0], 3);
      expect(p[1]).toBeCloseTo(ball[1], 3);
      expect(Math.abs(p[2])).toBeLessThan(2e-3);
      // … with its normal drawn from there along ±z.
      const [from, to] = [normals.points[2 * i], normals.points[2 * i + 1]];
      expect(from).toEqual(p);
      expect(Math.hypot(to[0] - from[0], to[1] - from[1])).toBeLessThan(1e-6);
      expect(Math.abs(to[2] - from[2])).toBeGreaterThan(0.01);
    }
    await snapshot(page, 'test-results/contacts.png', '#view');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('fits a phone: no horizontal overflow, panels folded and not covering the view, no console errors', async () => {
    const { page, problems } = await harness.open('', 0.2, PHONE);
    await snapshot(page, 'test-results/phone.png');
    const layout = await page.evaluate(() => {
      const rect = (selector: string) => {
        const r = document.querySelector(selector)!.getBoundingClientRect();
        return { left: r.left, right: r.right, top: r.top, bottom: r.bottom, area: r.width * r.height };
      };
      return {
        scrollWidth: Math.max(document.documentElement.scrollWidth, document.body.scrollWidth),
        panels: ['#panel', '#plot-panel', '#gui-host .lil-gui'].map(rect),
        guiClosed: document.querySelector('#gui-host .lil-gui')!.matches('.lil-closed, .closed'),
      };
    });
    expect(layout.scrollWidth).toBeLessThanOrEqual(390);
    for (const r of layout.panels) {
      expect(r.left).toBeGreaterThanOrEqual(0);
      expect(r.right).toBeLessThanOrEqual(390);
    }
    expect(layout.guiClosed).toBe(true);
    const covered = layout.panels.reduce((sum, r) => sum + r.area, 0) / (390 * 844);
    expect(covered).toBeLessThan(0.45);
    // Opened, the controls still fit the width.
    await page.locator('#gui-host .lil-gui > .lil-title, #gui-host .lil-gui > .title').first().click();
    await snapshot(page, 'test-results/phone-controls.png');
    expect(await page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth))).toBeLessThanOrEqual(390);
    const gui = await page.locator('#gui-host .lil-gui').first().boundingBox();
    expect(gui!.x + gui!.width).toBeLessThanOrEqual(390);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('at 1280×720 the panels leave the middle of the view free', async () => {
    const { page, problems } = await harness.open();
    await snapshot(page, 'test-results/desktop.png');
    const boxes = await Promise.all(['#panel', '#plot-panel', '#gui-host .lil-gui'].map((s) => page.locator(s).first().boundingBox()));
    for (const b of boxes) {
      expect(b!.x).toBeGreaterThanOrEqual(0);
      expect(b!.x + b!.width).toBeLessThanOrEqual(1280);
      expect(b!.y + b!.height).toBeLessThanOrEqual(720);
    }
    // The centre of the screen is canvas, not a panel.
    expect(await page.evaluate(() => document.elementFromPoint(640, 360)?.id)).toBe('view');
    // The controls and the plot do not overlap.
    const [, plot, gui] = boxes;
    expect(gui!.y + gui!.height).toBeLessThanOrEqual(plot!.y);
    expect(problems).toEqual([]);
    await page.close();
  });
});
