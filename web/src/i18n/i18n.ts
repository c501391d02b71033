// The page's languages: every interface string is looked up here by key ("<namespace>.<key>"),
// from catalogues web/src/i18n/locales/<lang>/<namespace>.json (one file per namespace, so each
// feature owns its own). i18next does the lookup, interpolation ({{name}}) and plurals (_one/_other
// with a `count`); Intl formats numbers. The language comes from the user's choice (remembered in
// localStorage), else the browser's (navigator.languages), else English.
import i18next, { type i18n as I18n } from 'i18next';

export const FALLBACK_LANGUAGE = 'en';
const STORAGE_KEY = 'featherweight.language';

type Catalogue = Record<string, unknown>;

/** Every catalogue by language, then namespace: { en: { panel: {...}, hud: {...} }, de: {...} }. */
function loadCatalogues(): Record<string, Record<string, Catalogue>> {
  let files: Record<string, Catalogue> = {};
  try {
    files = import.meta.glob<Catalogue>('./locales/*/*.json', { eager: true, import: 'default' });
  } catch {
    // Outside Vite (plain Node) there is no import.meta.glob: t() then answers with the key.
  }
  const byLanguage: Record<string, Record<string, Catalogue>> = {};
  for (const [path, catalogue] of Object.entries(files)) {
    const match = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (!match) continue;
    const [, language, namespace] = match;
    (byLanguage[language] ??= {})[namespace] = catalogue;
  }
  return byLanguage;
}

const catalogues = loadCatalogues();

/** The languages with catalogues, English first. */
export const LANGUAGES: readonly string[] = [
  FALLBACK_LANGUAGE,
  ...Object.keys(catalogues).filter((language) => language !== FALLBACK_LANGUAGE).sort(),
];

/** Each language's name in itself, for the language menu. */
export function languageName(language: string): string {
  try {
    const name = new Intl.DisplayNames([language], { type: 'language' }).of(language) ?? language;
    return name.charAt(0).toLocaleUpperCase(language) + name.slice(1);
  } catch {
    return language;
  }
}

/** The supported language closest to a BCP 47 tag ('de-AT' → 'de'), or undefined. */
export function matchLanguage(tag: string | null | undefined): string | undefined {
  if (!tag) return undefined;
  const lower = tag.toLowerCase();
  return LANGUAGES.find((language) => language === lower) ?? LANGUAGES.find((language) => lower.split('-')[0] === language);
}

function storedLanguage(): string | undefined {
  try {
    return matchLanguage(globalThis.localStorage?.getItem(STORAGE_KEY));
  } catch {
    return undefined; // storage blocked (privacy settings, sandboxed iframes)
  }
}

function browserLanguage(): string | undefined {
  const navigator = globalThis.navigator as Navigator | undefined;
  const tags = navigator?.languages?.length ? navigator.languages : [navigator?.language];
  for (const tag of tags) {
    const language = matchLanguage(tag);
    if (language) return language;
  }
  return undefined;
}

const instance: I18n = i18next.createInstance();
void instance.init({
  resources: Object.fromEntries(Object.entries(catalogues).map(([language, namespaces]) => [language, { translation: namespaces }])),
  lng: storedLanguage() ?? browserLanguage() ?? FALLBACK_LANGUAGE,
  fallbackLng: FALLBACK_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  initAsync: false, // resources are inline: t() works as soon as this module is imported
  interpolation: { escapeValue: false }, // results go to textContent and attributes, never innerHTML
  returnNull: false,
  nsSeparator: false, // one namespace: a key is only ever split at its dots
});

/** The translation of "<namespace>.<key>" in the current language (English if missing, else the key). */
export function t(key: string, vars?: Record<string, unknown>): string {
  return vars ? instance.t(key, vars as Record<string, string>) : instance.t(key);
}

/** Whether a key has a translation in the current language or English. */
export function hasTranslation(key: string): boolean {
  return instance.exists(key);
}

/** The current language ('en', 'de', …). */
export function currentLanguage(): string {
  return instance.language ?? FALLBACK_LANGUAGE;
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/** A number in the current language's notation (German: 9,81). */
export function formatNumber(x: number, options?: Intl.NumberFormatOptions): string {
  const id = `${currentLanguage()}|${options ? JSON.stringify(options) : ''}`;
  let format = numberFormats.get(id);
  if (!format) {
    format = new Intl.NumberFormat(currentLanguage(), options);
    numberFormats.set(id, format);
  }
  return format.format(x);
}

/** The current language's decimal separator ('.' or ','). */
export function decimalSeparator(): string {
  return new Intl.NumberFormat(currentLanguage()).formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.';
}

/** A number with a fixed count of decimals, like Number.toFixed but in the current language's notation. */
export function formatFixed(x: number, decimals: number): string {
  return formatNumber(x, { minimumFractionDigits: decimals, maximumFractionDigits: decimals, useGrouping: false });
}

const listeners = new Set<() => void>();

/** Calls cb after every change of language; returns the function that stops it. */
export function onLanguageChange(cb: () => void): () => void {
  listeners.add(cb);
  return () => listeners.delete(cb);
}

/** Attributes translated from data-i18n-<attribute>="ns.key". */
const TRANSLATED_ATTRIBUTES = ['title', 'aria-label', 'placeholder', 'alt'] as const;

/**
 * Sets an element's text; a translation may name keys as <kbd>Esc</kbd>, which become kbd elements
 * (built as nodes, never parsed as HTML).
 */
function setText(element: Element, text: string): void {
  if (!text.includes('<kbd>')) {
    element.textContent = text;
    return;
  }
  const parts = text.split(/<kbd>(.*?)<\/kbd>/);
  element.replaceChildren(
    ...parts.map((part, i) => (i % 2 === 1 ? Object.assign(element.ownerDocument.createElement('kbd'), { textContent: part }) : element.ownerDocument.createTextNode(part))),
  );
}

/**
 * Sets the text of every element under root marked data-i18n="ns.key" (put it on elements whose
 * whole text is the string, <kbd> keys aside) and the attributes marked data-i18n-title, data-i18n-aria-label,
 * data-i18n-placeholder, data-i18n-alt.
 */
export function applyTranslations(root: ParentNode): void {
  const self = root instanceof Element ? [root] : [];
  for (const element of [...self, ...root.querySelectorAll('[data-i18n]')]) {
    const key = element.getAttribute('data-i18n');
    if (key) setText(element, t(key));
  }
  for (const attribute of TRANSLATED_ATTRIBUTES) {
    const marker = `data-i18n-${attribute}`;
    for (const element of [...self, ...root.querySelectorAll(`[${marker}]`)]) {
      const key = element.getAttribute(marker);
      if (key) element.setAttribute(attribute, t(key));
    }
  }
}

/**
 * Marks a built element's text and attributes with catalogue keys and translates it now; the page
 * retranslates it after every change of language (applyTranslations on the document).
 */
export function translated<E extends Element>(element: E, keys: { text?: string } & Partial<Record<(typeof TRANSLATED_ATTRIBUTES)[number], string>>): E {
  const { text, ...attributes } = keys;
  if (text) element.setAttribute('data-i18n', text);
  for (const [attribute, key] of Object.entries(attributes)) if (key) element.setAttribute(`data-i18n-${attribute}`, key);
  applyTranslations(element);
  return element;
}

function reflectLanguage(): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = currentLanguage();
}

/** Switches the page's language: remembers it, retranslates the document and tells every listener. */
export function setLanguage(language: string): void {
  const matched = matchLanguage(language) ?? FALLBACK_LANGUAGE;
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, matched);
  } catch {
    // not remembered; the switch still happens
  }
  if (matched === currentLanguage()) return;
  void instance.changeLanguage(matched);
  reflectLanguage();
  if (typeof document !== 'undefined') applyTranslations(document);
  for (const listener of [...listeners]) listener();
}

reflectLanguage();
