// The language menu: one entry per language with catalogues, each named in itself ("Deutsch").
import { LANGUAGES, currentLanguage, languageName, onLanguageChange, setLanguage } from './i18n';

export function wireLanguageMenu(select: HTMLSelectElement): void {
  select.replaceChildren(...LANGUAGES.map((language) => Object.assign(new Option(languageName(language), language), { lang: language })));
  select.value = currentLanguage();
  select.addEventListener('change', () => setLanguage(select.value));
  onLanguageChange(() => (select.value = currentLanguage()));
}
