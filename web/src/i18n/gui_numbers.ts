// lil-gui's number fields in the page's notation: shown with the language's decimal separator
// (9,81 in German) while not being edited. A focused field shows JavaScript's notation, which is
// what lil-gui reads while typing and stepping, and a typed comma counts as the decimal point.
import { NumberController } from 'lil-gui';
import { decimalSeparator } from './i18n';

interface NumberField {
  $input: HTMLInputElement;
  _inputFocused: boolean;
}

/** A lil-gui number field (a text input: on touch screens lil-gui uses type=number, left alone). */
function numberField(target: EventTarget | null): HTMLInputElement | null {
  return target instanceof HTMLInputElement && target.type === 'text' && target.closest('.lil-controller.lil-number, .controller.number') ? target : null;
}

/** Once, for every lil-gui panel under `root` (the document: the Controls and build mode's Properties). */
export function localizeNumberFields(root: Document | HTMLElement): void {
  const prototype = NumberController.prototype as unknown as { updateDisplay(this: NumberField): unknown };
  const updateDisplay = prototype.updateDisplay;
  prototype.updateDisplay = function (this: NumberField) {
    const result = updateDisplay.call(this);
    const separator = decimalSeparator();
    if (separator !== '.' && !this._inputFocused && this.$input.type === 'text') this.$input.value = this.$input.value.replace('.', separator);
    return result;
  };
  const toDot = (event: Event) => {
    const input = numberField(event.target);
    if (input?.value.includes(',')) input.value = input.value.replace(',', '.');
  };
  root.addEventListener('focusin', toDot);
  root.addEventListener('input', toDot, true); // before lil-gui's own listener reads the value
}
