// The gallery's controller demos keep their code in examples/controllers/*.js (where Node runs it
// too); `node scripts/embed-controllers.mjs` copies each into its scene's controller.source.
// tests/web/controller_demos.test.ts fails when a scene's copy is not the file's text.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const CONTROLLER_DEMOS = [
  { scene: 'cart-pole-swing-up.json', controller: 'cart_pole.js' },
  { scene: 'acrobot-swing-up.json', controller: 'acrobot.js' },
  { scene: 'arm-computed-torque.json', controller: 'arm_figure_eight.js' },
  { scene: 'three-link-arm-reach.json', controller: 'three_link_reach.js' },
];

const repo = join(dirname(fileURLToPath(import.meta.url)), '..');
export const scenePath = (file) => join(repo, 'public/scenes', file);
export const controllerPath = (file) => join(repo, 'examples/controllers', file);

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const { scene, controller } of CONTROLLER_DEMOS) {
    const doc = JSON.parse(readFileSync(scenePath(scene), 'utf8'));
    doc.controller.source = readFileSync(controllerPath(controller), 'utf8');
    writeFileSync(scenePath(scene), `${JSON.stringify(doc, null, 2)}\n`);
    console.log(`${scene} ← ${controller}`);
  }
}
