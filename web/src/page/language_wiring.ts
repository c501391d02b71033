// The page's language: the static markup translated (data-i18n attributes), the panels' number
// fields in the language's notation, and the menu wired.
// Runs first, so that even "Loading…" and an engine that fails to start speak the chosen language.
import { applyTranslations } from '../i18n/i18n';
import { localizeNumberFields } from '../i18n/gui_numbers';
import { wireLanguageMenu } from '../i18n/language_menu';
import { byId } from './page_dom';

export function wireLanguage(): void {
  applyTranslations(document);
  localizeNumberFields(document);
  wireLanguageMenu(byId<HTMLSelectElement>('language-picker'));
}
