// The parts of a scene that are for the page and the controller, not the physics: `meta`
// (title, description, things to observe, plots, sliders, predict-then-observe questions, a
// challenge: lib/challenge_check.ts) and
// `controller` (a JavaScript control law). The core only caps their size and passes them by; this
// checks them, with the JSON Pointer of each problem and messages like the loader's, wherever a
// scene enters: the page (web/src/guard/scene_entry.ts) and the library's createWorld.
// It reads untrusted JSON: every value is checked before it is used, nothing is run.
import { checkChallenge } from './challenge_check';
import { checkInstruments } from './instruments_check';
import { Checker, type JsonRecord, type SceneMetaProblem, escapeToken, isPointer, isRecord, jointNames, atPointer, own, quoted, typeName } from './json_check';
import { META_FIELDS, META_TRANSLATION_FIELDS, WORLD_DEFAULTS } from './scene_defaults.generated';

export type { SceneMetaProblem } from './json_check';

/** The largest controller source, in UTF-8 bytes, and the most named parameters (scene.h). */
export const MAX_CONTROLLER_BYTES = 256 * 1024;
export const MAX_CONTROLLER_PARAMETERS = 64;
const PLOT_QUANTITIES = ['energy', 'momentum', 'joint.q', 'joint.qd', 'body.position', 'body.velocity'];

function checkPlots(c: Checker, plots: unknown, path: string, names: Set<string>): void {
  if (!c.array(plots, path)) return;
  plots.forEach((plot, i) => {
    const at = `${path}/${i}`;
    if (!c.object(plot, at)) return;
    c.allowOnly(plot, at, ['quantity', 'joint', 'body', 'label']);
    if (!c.required(plot, at, 'quantity') || !c.string(plot.quantity, `${at}/quantity`)) return;
    const quantity = plot.quantity;
    if (!PLOT_QUANTITIES.includes(quantity)) {
      c.fail(`${at}/quantity`, `${quoted(quantity)} is not one of ${PLOT_QUANTITIES.map((q) => `"${q}"`).join(', ')}`);
    } else if (quantity.startsWith('joint.')) {
      if (c.required(plot, at, 'joint') && c.string(plot.joint, `${at}/joint`) && !names.has(plot.joint))
        c.fail(`${at}/joint`, `no joint named ${quoted(plot.joint)} (use "articulation/link")`);
    } else if (quantity.startsWith('body.')) {
      if (c.required(plot, at, 'body') && c.string(plot.body, `${at}/body`) && !names.has(plot.body))
        c.fail(`${at}/body`, `no body named ${quoted(plot.body)} (use "articulation/link" or a body's name)`);
    }
    if (own(plot, 'label')) c.string(plot.label, `${at}/label`);
  });
}

// Predict, then observe: a question with 2 to 6 choices, shown before Play; the answer (an index
// into the choices) and its explanation are revealed once the run reaches revealAt seconds.
function checkQuestions(c: Checker, questions: unknown, path: string): void {
  if (!c.array(questions, path)) return;
  questions.forEach((question, i) => {
    const at = `${path}/${i}`;
    if (!c.object(question, at)) return;
    c.allowOnly(question, at, ['text', 'choices', 'answer', 'explanation', 'revealAt']);
    if (c.required(question, at, 'text')) c.string(question.text, `${at}/text`);
    let choices = 0;
    if (c.required(question, at, 'choices') && c.array(question.choices, `${at}/choices`)) {
      choices = question.choices.length;
      if (choices < 2 || choices > 6) c.fail(`${at}/choices`, 'a question needs 2 to 6 choices');
      c.stringList(question.choices, `${at}/choices`);
    }
    if (c.required(question, at, 'answer')) {
      const answer = question.answer;
      const range = `expected a whole number from 0 to ${Math.max(0, choices - 1)}`;
      if (typeof answer !== 'number' || !Number.isInteger(answer) || answer < 0 || answer >= Math.max(1, choices)) {
        c.fail(`${at}/answer`, `${range}, got ${typeof answer === 'number' ? answer : typeName(answer)}`);
      }
    }
    if (own(question, 'explanation')) c.string(question.explanation, `${at}/explanation`);
    if (own(question, 'revealAt')) c.positive(question.revealAt, `${at}/revealAt`);
  });
}

// Sliders edit a number of this very scene: the path must point at one.
function checkSliders(c: Checker, sliders: unknown, path: string, document: JsonRecord): void {
  if (!c.array(sliders, path)) return;
  sliders.forEach((slider, i) => {
    const at = `${path}/${i}`;
    if (!c.object(slider, at)) return;
    c.allowOnly(slider, at, ['label', 'path', 'min', 'max', 'step', 'unit']);
    if (c.required(slider, at, 'label')) c.string(slider.label, `${at}/label`);
    if (c.required(slider, at, 'path') && c.string(slider.path, `${at}/path`)) {
      if (slider.path !== '' && !isPointer(slider.path)) c.fail(`${at}/path`, 'not a JSON Pointer (RFC 6901)');
      else if (typeof atPointer(document, slider.path) !== 'number') c.fail(`${at}/path`, 'must point at a number in this scene');
    }
    const min = c.required(slider, at, 'min') && c.number(slider.min, `${at}/min`);
    const max = c.required(slider, at, 'max') && c.number(slider.max, `${at}/max`);
    if (min && max && !((slider.min as number) < (slider.max as number))) c.fail(`${at}/max`, 'max must be larger than min');
    if (own(slider, 'step')) c.positive(slider.step, `${at}/step`);
    if (own(slider, 'unit')) c.string(slider.unit, `${at}/unit`);
  });
}

// Effort sliders name a joint of this scene and a range.
function checkEfforts(c: Checker, efforts: unknown, path: string, names: Set<string>): void {
  if (!c.array(efforts, path)) return;
  efforts.forEach((effort, i) => {
    const at = `${path}/${i}`;
    if (!c.object(effort, at)) return;
    c.allowOnly(effort, at, ['joint', 'label', 'min', 'max']);
    if (c.required(effort, at, 'joint') && c.string(effort.joint, `${at}/joint`) && !names.has(effort.joint))
      c.fail(`${at}/joint`, `no joint named ${quoted(effort.joint)} (use "articulation/link")`);
    if (c.required(effort, at, 'label')) c.string(effort.label, `${at}/label`);
    const min = c.required(effort, at, 'min') && c.number(effort.min, `${at}/min`);
    const max = c.required(effort, at, 'max') && c.number(effort.max, `${at}/max`);
    if (min && max && !((effort.min as number) < (effort.max as number))) c.fail(`${at}/max`, 'max must be larger than min');
  });
}

// A translation of meta's texts: the same field names, observe and questions entry by entry.
function checkTranslations(c: Checker, translations: unknown, path: string): void {
  if (!c.object(translations, path)) return;
  for (const [language, texts] of Object.entries(translations)) {
    const at = `${path}/${escapeToken(language)}`;
    if (!/^[a-z]{2}(-[A-Z]{2})?$/.test(language)) c.fail(at, 'a language code like "de" or "de-AT"');
    if (!c.object(texts, at)) continue;
    c.allowOnly(texts, at, META_TRANSLATION_FIELDS);
    for (const key of ['title', 'description', 'method'] as const) if (own(texts, key)) c.string(texts[key], `${at}/${key}`);
    if (own(texts, 'observe')) c.stringList(texts.observe, `${at}/observe`);
    if (own(texts, 'sliders')) c.stringList(texts.sliders, `${at}/sliders`);
    if (own(texts, 'questions') && c.array(texts.questions, `${at}/questions`)) {
      texts.questions.forEach((question, i) => {
        const q = `${at}/questions/${i}`;
        if (!c.object(question, q)) return;
        c.allowOnly(question, q, ['text', 'choices', 'explanation']);
        if (own(question, 'text')) c.string(question.text, `${q}/text`);
        if (own(question, 'choices')) c.stringList(question.choices, `${q}/choices`);
        if (own(question, 'explanation')) c.string(question.explanation, `${q}/explanation`);
      });
    }
  }
}

function checkMeta(c: Checker, meta: unknown, document: JsonRecord): void {
  const path = '/meta';
  if (!c.object(meta, path)) return;
  c.allowOnly(meta, path, META_FIELDS);
  if (own(meta, 'title')) c.string(meta.title, `${path}/title`);
  if (own(meta, 'description')) c.string(meta.description, `${path}/description`);
  if (own(meta, 'method')) c.string(meta.method, `${path}/method`);
  if (own(meta, 'translations')) checkTranslations(c, meta.translations, `${path}/translations`);
  if (own(meta, 'observe')) c.stringList(meta.observe, `${path}/observe`);
  if (own(meta, 'plots')) checkPlots(c, meta.plots, `${path}/plots`, jointNames(document));
  if (own(meta, 'questions')) checkQuestions(c, meta.questions, `${path}/questions`);
  if (own(meta, 'sliders')) checkSliders(c, meta.sliders, `${path}/sliders`, document);
  if (own(meta, 'efforts')) checkEfforts(c, meta.efforts, `${path}/efforts`, jointNames(document));
  if (own(meta, 'challenge')) checkChallenge(c, meta.challenge, `${path}/challenge`, document);
  if (own(meta, 'instruments')) checkInstruments(c, meta.instruments, `${path}/instruments`, document);
}

/** The time step the scene asks for (the loader checks it; here only the controller's period needs it). */
function timestepOf(document: JsonRecord): number {
  const world = document.world;
  return isRecord(world) && typeof world.timestep === 'number' && world.timestep > 0 ? world.timestep : WORLD_DEFAULTS.timestep;
}

// A controller is JavaScript the page and the library run (never the core), at `rate` ticks per
// second in lockstep with the steps.
function checkController(c: Checker, controller: unknown, document: JsonRecord): void {
  const path = '/controller';
  if (!c.object(controller, path)) return;
  c.allowOnly(controller, path, ['source', 'rate', 'parameters']);
  // Named numbers the control law reads as ctx.parameters (gains, set points); sliders may point at them.
  if (own(controller, 'parameters') && c.object(controller.parameters, `${path}/parameters`)) {
    const parameters = controller.parameters;
    if (Object.keys(parameters).length > MAX_CONTROLLER_PARAMETERS) c.fail(`${path}/parameters`, `a controller has at most ${MAX_CONTROLLER_PARAMETERS} parameters`);
    for (const [name, value] of Object.entries(parameters)) c.number(value, `${path}/parameters/${escapeToken(name)}`);
  }
  if (c.required(controller, path, 'source') && c.string(controller.source, `${path}/source`)) {
    const bytes = utf8Length(controller.source);
    if (bytes > MAX_CONTROLLER_BYTES) c.fail(`${path}/source`, `the controller's source is ${bytes} bytes; at most ${MAX_CONTROLLER_BYTES} are allowed`);
  }
  if (c.required(controller, path, 'rate') && c.positive(controller.rate, `${path}/rate`)) {
    const timestep = timestepOf(document);
    const steps = 1 / (controller.rate * timestep);
    const whole = Math.round(steps);
    if (whole < 1 || Math.abs(steps - whole) > 1e-6 * whole) {
      c.fail(`${path}/rate`, `a controller's period must be a whole number of time steps (${timestep} s), so it ticks in lockstep with them`);
    }
  }
}

/** Bytes as the core counts them (UTF-8), without building an encoded copy of a huge text. */
function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code < 0xdc00 && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/**
 * The problems of a scene's `meta` and `controller`, each with its JSON Pointer; empty when both
 * are fine or absent. Takes the parsed document (any JSON value); never throws.
 */
export function validateSceneMeta(scene: unknown): SceneMetaProblem[] {
  const c = new Checker();
  if (!isRecord(scene)) return c.problems; // the loader says what is wrong with the whole document
  if (own(scene, 'meta')) checkMeta(c, scene.meta, scene);
  if (own(scene, 'controller')) checkController(c, scene.controller, scene);
  return c.problems;
}

/** The first problem as the loader writes its messages ("/path: what"), or '' when there is none. */
export function sceneMetaMessage(scene: unknown): string {
  const [first] = validateSceneMeta(scene);
  return first ? `${first.path}: ${first.message}` : '';
}
