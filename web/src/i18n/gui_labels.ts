// lil-gui labels in the page's language: a controller's name or a folder's title is set now and
// again after every change of language. Controllers that left the page (a scene's sliders when
// the next scene comes) are forgotten.
import GUI, { type Controller } from 'lil-gui';
import { onLanguageChange } from './i18n';

const labelled = new Map<HTMLElement, () => void>();

function forgetDetached(): void {
  for (const element of [...labelled.keys()]) if (!element.isConnected) labelled.delete(element);
}

onLanguageChange(() => {
  forgetDetached();
  for (const apply of labelled.values()) apply();
});

/** Names a controller (or titles a folder) with `text()`, in every language the page switches to. */
export function translatedLabel<T extends Controller | GUI>(target: T, text: () => string): T {
  const apply = () => {
    if (target instanceof GUI) target.title(text());
    else target.name(text());
  };
  apply();
  if (labelled.size > 1000) forgetDetached();
  labelled.set(target.domElement, apply);
  return target;
}

/** Sets a controller's tooltip (its element's title) in every language. */
export function translatedTitle(target: Controller, text: () => string): Controller {
  const element = target.domElement;
  const apply = () => (element.title = text());
  apply();
  const previous = labelled.get(element);
  labelled.set(element, previous ? () => (previous(), apply()) : apply);
  return target;
}

/** A dropdown's entries named in every language: `names(value)` is what the user reads for a value. */
export function translatedOptions<T extends string>(target: Controller, values: readonly T[], names: (value: T) => string): Controller {
  const dropdown = target as Controller & { options(options: Record<string, T>): Controller };
  const apply = () => {
    dropdown.options(Object.fromEntries(values.map((value) => [names(value), value])));
    dropdown.updateDisplay();
  };
  apply();
  const previous = labelled.get(target.domElement);
  labelled.set(target.domElement, previous ? () => (previous(), apply()) : apply);
  return target;
}
