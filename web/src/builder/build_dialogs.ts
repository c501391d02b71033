// Build mode's small forms: a template with its one number, the scene's meta (title,
// description, what to observe), and a question before a build is thrown away. Native <dialog>
// elements; every value is read back as text.
import type { BuildMeta } from './build_doc';
import type { Template } from './template';
import { hasTranslation, t } from '../i18n/i18n';

/** A catalogue's text, or the template's own words when the catalogue has none for it. */
/** The catalogue's text for `key`, else the template's own (English) text. */
export const translatedOr = (key: string, fallback: string) => (hasTranslation(key) ? t(key) : fallback);

function field(label: string, control: HTMLElement): HTMLLabelElement {
  const wrap = document.createElement('label');
  wrap.append(label, control);
  return wrap;
}

function buttons(dialog: HTMLDialogElement, okLabel: string, ok: () => void): HTMLElement {
  const row = document.createElement('div');
  row.className = 'build-dialog-buttons';
  const okButton = Object.assign(document.createElement('button'), { type: 'submit', textContent: okLabel });
  const cancel = Object.assign(document.createElement('button'), { type: 'button', textContent: t('build.cancel') });
  cancel.addEventListener('click', () => dialog.close());
  okButton.addEventListener('click', (event) => {
    event.preventDefault();
    ok();
    dialog.close();
  });
  row.append(okButton, cancel);
  return row;
}

/** Opens the templates form; `add` gets the chosen template and its number. */
export function openTemplateDialog(host: HTMLElement, templates: Template[], add: (template: Template, value: number) => void): HTMLDialogElement {
  const dialog = Object.assign(document.createElement('dialog'), { className: 'build-dialog' });
  dialog.setAttribute('aria-label', t('build.addTemplate'));
  const form = document.createElement('form');
  const select = document.createElement('select');
  for (const template of templates) select.add(new Option(translatedOr(`build.templateNames.${template.id}`, template.label), template.id));
  const number = Object.assign(document.createElement('input'), { type: 'number' });
  const numberLabel = document.createElement('span');
  const chosen = () => templates.find((t) => t.id === select.value)!;
  const showParameter = () => {
    const p = chosen().parameter;
    Object.assign(number, { min: String(p.min), max: String(p.max), step: String(p.step), value: String(p.value) });
    numberLabel.textContent = translatedOr(`build.templateParameters.${chosen().id}`, p.label);
  };
  select.addEventListener('change', showParameter);
  showParameter();
  const numberField = field('', number);
  numberField.prepend(numberLabel);
  form.append(
    field(t('build.template'), select),
    numberField,
    buttons(dialog, t('build.add'), () => {
      const p = chosen().parameter;
      const typed = number.value.trim() === '' ? NaN : Number(number.value); // 0 is a value (a pendulum hanging straight)
      const value = Math.min(p.max, Math.max(p.min, Number.isFinite(typed) ? typed : p.value));
      add(chosen(), value);
    }),
  );
  dialog.append(form);
  dialog.addEventListener('close', () => dialog.remove());
  host.append(dialog);
  dialog.showModal();
  return dialog;
}

/** Opens the scene info form; `save` gets the meta as typed (observe: one line each). */
export function openMetaDialog(host: HTMLElement, meta: BuildMeta, save: (meta: BuildMeta) => void): HTMLDialogElement {
  const dialog = Object.assign(document.createElement('dialog'), { className: 'build-dialog' });
  dialog.setAttribute('aria-label', t('build.sceneInfo'));
  const form = document.createElement('form');
  const title = Object.assign(document.createElement('input'), { type: 'text', value: meta.title, maxLength: 200 });
  const description = Object.assign(document.createElement('textarea'), { value: meta.description, rows: 4 });
  const observe = Object.assign(document.createElement('textarea'), { value: meta.observe.join('\n'), rows: 4 });
  title.name = 'title';
  description.name = 'description';
  observe.name = 'observe';
  form.append(
    field(t('build.title'), title),
    field(t('build.description'), description),
    field(t('build.observe'), observe),
    buttons(dialog, t('build.save'), () =>
      save({
        title: title.value.trim() || t('build.untitled'),
        description: description.value.trim(),
        observe: observe.value.split('\n').map((line) => line.trim()).filter((line) => line !== ''),
      }),
    ),
  );
  dialog.append(form);
  dialog.addEventListener('close', () => dialog.remove());
  host.append(dialog);
  dialog.showModal();
  return dialog;
}

/** Asks before work is thrown away: `ok` runs only on the confirming button (Cancel and Esc keep it). */
export function openConfirmDialog(host: HTMLElement, question: string, okLabel: string, ok: () => void): HTMLDialogElement {
  const dialog = Object.assign(document.createElement('dialog'), { className: 'build-dialog' });
  dialog.setAttribute('aria-label', question);
  const form = document.createElement('form');
  form.append(Object.assign(document.createElement('p'), { textContent: question }), buttons(dialog, okLabel, ok));
  dialog.append(form);
  dialog.addEventListener('close', () => dialog.remove());
  host.append(dialog);
  dialog.showModal();
  return dialog;
}
