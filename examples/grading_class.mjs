// A class's submissions to the cart-pole challenge, made up for trying the grader
// (docs/grading.md): each student's controller is full-state feedback with gains scattered about
// the LQR gain (most balance the pole, some are too weak and let it fall), a few students edit
// their claimed score, and a few reach for what a controller does not have (claiming success).
//   npm run build:lib && node examples/grading_class.mjs [N] > links.txt
//   node scripts/challenge.mjs grade links.txt --jobs 2 --out results.csv
// Each claim is what the library's verifyChallenge gives for the attempt (as the page's Submit
// would claim), so making N links takes about as long as grading them with one job.
import { readFileSync } from 'node:fs';
import { challengeHash, encodeResultLink, loadEngine, verifyChallenge } from '../dist-lib/featherweight.mjs';

const CHALLENGE = 'challenge-cart-pole-balance.json';
const count = Number(process.argv[2] ?? 200);
const scene = readFileSync(new URL(`../public/scenes/${CHALLENGE}`, import.meta.url));
const hash = await challengeHash(scene);
const engine = await loadEngine();
const LQR = [-2.9, -56.4, -6, -15]; // u = −K x, x = (cart, angle, their rates): Q = diag(1, 50, 1, 5), R = 0.1

let seed = 12345; // a fixed sequence: the same class every time
const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);

function controller(k) {
  return `// u = −K x, saturated at the challenge's 20 N.
export function control(ctx) {
  const u = -(${k.map((g, i) => `${g.toFixed(3)} * ${['ctx.q[0]', 'ctx.q[1]', 'ctx.qd[0]', 'ctx.qd[1]'][i]}`).join(' + ')});
  ctx.setEffort('cart-pole/cart', Math.max(-20, Math.min(20, u)));
  return { u };
}
`;
}

for (let i = 0; i < count; i++) {
  const label = `student-${String(i + 1).padStart(3, '0')}`;
  const scale = 0.05 + 1.6 * random(); // below ~0.3 the pole falls
  let source = controller(LQR.map((g) => g * scale * (0.8 + 0.4 * random())));
  if (i % 97 === 13) source = source.replace('return { u };', "fetch('https://example.com/?' + u); return { u };");
  if (i % 89 === 41) source = source.replace('return { u };', 'while (ctx.t > 2) {} return { u };');
  const attempt = { controller: { source } };
  const unclaimed = encodeResultLink({ challenge: CHALLENGE, challengeHash: hash, attempt, claim: { status: 'failure', score: null }, label });
  const { verdict } = await verifyChallenge(unclaimed, { engine, challengeScene: scene });
  const claim = { status: verdict.status, score: verdict.score };
  if (i % 10 === 7 && claim.score !== null) claim.score = Number((claim.score - 1).toFixed(3)); // a boast
  if (i % 97 === 13 || i % 89 === 41) Object.assign(claim, { status: 'success', score: 10.001 }); // and a made-up claim
  process.stdout.write(`${label}\t${encodeResultLink({ challenge: CHALLENGE, challengeHash: hash, attempt, claim, label })}\n`);
}
