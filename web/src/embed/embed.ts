// Embedding and presenting: `?embed` shows the view with play/pause/reset and the
// scene's sliders (`&panels=plot,description,timeline` for more, `&autoplay=0` to wait for Play)
// and obeys the parent page's postMessage commands; `?present` enlarges the text, raises the
// contrast and offers fullscreen. The Share box offers the <iframe>
// snippet. page/embed_wiring.ts wires it.
import './embed.css';
import type GUI from 'lil-gui';
import { EmbedMessages, type EmbedHandlers } from './embed_messages';
import { type EmbedOptions, type EmbedPanel, embedSnippet, isOrigin } from './embed_options';
import { t, translated } from '../i18n/i18n';

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
    for (const folder of gui.folders) if (folder._title !== t('panel.scene')) folder.hide();
  }
  if (options.present) {
    const button = document.createElement('button');
    button.type = 'button';
    translated(button, { text: 'share.fullscreen', title: 'share.fullscreenTitle' });
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
  translated(toggle, { text: 'share.embed', title: 'share.embedTitle' });
  const box = document.createElement('div');
  box.id = 'embed-box';
  box.hidden = true;
  const number = (label: string, value: number) => {
    const input = document.createElement('input');
    input.type = 'number';
    input.min = '200';
    input.max = '4000';
    input.value = String(value);
    translated(input, { 'aria-label': label });
    input.style.width = '5em';
    return input;
  };
  const width = number('share.width', 800), height = number('share.height', 450);
  const check = (label: string, checked: boolean) => {
    const wrap = document.createElement('label');
    const input = document.createElement('input');
    input.type = 'checkbox';
    input.checked = checked;
    wrap.append(input, ' ', translated(document.createElement('span'), { text: label }));
    return { wrap, input };
  };
  const panels: Record<EmbedPanel, ReturnType<typeof check>> = {
    plot: check('share.panels.plot', false),
    description: check('share.panels.description', true),
    timeline: check('share.panels.timeline', false),
  };
  const autoplay = check('share.autoplay', true);
  // The course page that may drive the simulation by postMessage (and receive its events).
  const originRow = document.createElement('label');
  originRow.className = 'embed-origin';
  const origin = document.createElement('input');
  origin.type = 'url';
  origin.placeholder = 'https://course.example';
  translated(origin, { 'aria-label': 'share.originLabel' });
  translated(originRow, { title: 'share.originTitle' });
  originRow.append(translated(document.createElement('span'), { text: 'share.origin' }), origin);
  const snippet = document.createElement('textarea');
  snippet.readOnly = true;
  translated(snippet, { 'aria-label': 'share.snippet' });
  const update = () => {
    const chosen = (Object.keys(panels) as EmbedPanel[]).filter((p) => panels[p].input.checked);
    const wanted = origin.value.trim().replace(/\/+$/, '');
    origin.setCustomValidity(wanted === '' || isOrigin(wanted) ? '' : t('share.badOrigin'));
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
