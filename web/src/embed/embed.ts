// Embedding and presenting: `?embed` shows the view with play/pause/reset and the
// scene's sliders (`&panels=plot,description,timeline` for more, `&autoplay=0` to wait for Play)
// and obeys the parent page's postMessage commands; `?present` enlarges the text, raises the
// contrast and offers fullscreen. The Share box offers the <iframe>
// snippet. page/embed_wiring.ts wires it.
import './embed.css';
import type GUI from 'lil-gui';
import { EmbedMessages, type EmbedHandlers } from './embed_messages';
import { type EmbedOptions, type EmbedPanel, embedSnippet, isOrigin } from './embed_options';

export interface Embedding {
  messages: EmbedMessages | null;
  options: EmbedOptions;
}

/** Lays the page out for the options and, when embedded, listens to the parent page. */
export function setUpEmbedding(options: EmbedOptions, gui: GUI, controls: HTMLElement, handlers: EmbedHandlers): Embedding {
  const body = document.body;
  body.classList.toggle('embed', options.embed);
  body.classList.toggle('present', options.present);
  for (const panel of options.panels) body.classList.add(`show-${panel}`);
  if (options.embed) {
    // The scene's own sliders stay; world settings, playback and view options go.
    for (const folder of gui.folders) if (folder._title !== 'Scene') folder.hide();
  }
  if (options.present) {
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = 'Fullscreen';
    button.title = 'Fill the screen (Esc leaves)';
    button.addEventListener('click', () => void document.documentElement.requestFullscreen?.().catch(() => {}));
    controls.append(button);
  }
  const embedded = options.embed && window.parent !== window;
  return { messages: embedded ? new EmbedMessages(handlers, options.origins) : null, options };
}

/** The Share box's "Embed" part: size, panels and autoplay, and the snippet to copy. */
export function addEmbedDialog(host: HTMLElement, link: () => string): void {
  const toggle = document.createElement('button');
  toggle.type = 'button';
  toggle.textContent = 'Embed…';
  toggle.title = 'An <iframe> to paste into a course page';
  const box = document.createElement('div');
  box.id = 'embed-box';
  box.hidden = true;
  const number = (label: string, value: number) => {
    const input = document.createElement('input');
    input.type = 'number';
    input.min = '200';
    input.max = '4000';
    input.value = String(value);
    input.setAttribute('aria-label', label);
    input.style.width = '5em';
    return input;
  };
  const width = number('Width in pixels', 800), height = number('Height in pixels', 450);
  const check = (label: string, checked: boolean) => {
    const wrap = document.createElement('label');
    const input = document.createElement('input');
    input.type = 'checkbox';
    input.checked = checked;
    wrap.append(input, document.createTextNode(` ${label}`));
    return { wrap, input };
  };
  const panels: Record<EmbedPanel, ReturnType<typeof check>> = {
    plot: check('plot', false),
    description: check('description', true),
    timeline: check('timeline', false),
  };
  const autoplay = check('autoplay', true);
  // The course page that may drive the simulation by postMessage (and receive its events).
  const originRow = document.createElement('label');
  originRow.className = 'embed-origin';
  const origin = document.createElement('input');
  origin.type = 'url';
  origin.placeholder = 'https://course.example';
  origin.setAttribute('aria-label', 'Origin of the course page that may drive the simulation by postMessage');
  originRow.title = 'The course page’s origin (scheme and host): its postMessage commands are obeyed and the events go to it';
  originRow.append(document.createTextNode('Course page origin'), origin);
  const snippet = document.createElement('textarea');
  snippet.readOnly = true;
  snippet.setAttribute('aria-label', 'The <iframe> to paste into a course page');
  const update = () => {
    const chosen = (Object.keys(panels) as EmbedPanel[]).filter((p) => panels[p].input.checked);
    const wanted = origin.value.trim().replace(/\/+$/, '');
    origin.setCustomValidity(wanted === '' || isOrigin(wanted) ? '' : 'An origin is a scheme and a host, as https://course.example');
    snippet.value = embedSnippet(link(), { width: Number(width.value) || 800, height: Number(height.value) || 450 }, chosen, autoplay.input.checked, wanted);
  };
  for (const input of [width, height, origin, autoplay.input, ...Object.values(panels).map((p) => p.input)]) input.addEventListener('input', update);
  snippet.addEventListener('focus', () => snippet.select());
  box.append(width, document.createTextNode(' × '), height, document.createTextNode(' px '), ...Object.values(panels).map((p) => p.wrap), autoplay.wrap, originRow, snippet);
  toggle.addEventListener('click', () => {
    box.hidden = !box.hidden;
    if (!box.hidden) update();
  });
  host.append(toggle, box);
}
