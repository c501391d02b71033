// The page's catalogues (web/src/i18n/locales/<lang>/<namespace>.json): every language has every
// key of English with the same placeholders, every key the sources ask for exists, and so does
// every key the page's markup names. Then the module itself: lookup, fallback, numbers, plurals.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { currentLanguage, formatNumber, setLanguage, t } from '../../web/src/i18n/i18n';
import { localizedMeta } from '../../web/src/i18n/scene_texts';

const repo = join(import.meta.dirname, '../..');
const localesDir = join(repo, 'web/src/i18n/locales');
const languages = readdirSync(localesDir);

/** Every string of a catalogue by its dotted key ("panel.world"). */
function flatten(value: unknown, prefix: string, into: Map<string, string>): Map<string, string> {
  if (typeof value === 'string') into.set(prefix, value);
  else if (value && typeof value === 'object') for (const [key, inner] of Object.entries(value)) flatten(inner, `${prefix}.${key}`, into);
  else throw new Error(`${prefix}: a catalogue holds strings only`);
  return into;
}

function catalogue(language: string): Map<string, string> {
  const keys = new Map<string, string>();
  for (const file of readdirSync(join(localesDir, language)).filter((name) => name.endsWith('.json'))) {
    flatten(JSON.parse(readFileSync(join(localesDir, language, file), 'utf8')), file.replace(/\.json$/, ''), keys);
  }
  return keys;
}

const english = catalogue('en');
const namespaces = new Set([...english.keys()].map((key) => key.split('.')[0]));
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}|<kbd>/g)].map((m) => m[1] ?? 'kbd').sort();
/** A key as t() finds it: itself, or its plural forms (i18next's key_one, key_other). */
const known = (key: string) => english.has(key) || english.has(`${key}_other`);

function sources(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.ts$/.test(entry.name) && !entry.name.includes('.generated.'))
    .map((entry) => join(entry.parentPath, entry.name));
}

describe('the catalogues', () => {
  it('have English and German, with many keys', () => {
    expect(languages).toContain('en');
    expect(languages).toContain('de');
    expect(english.size).toBeGreaterThan(100);
  });

  for (const language of languages.filter((l) => l !== 'en')) {
    it(`${language} has every English key, nothing else, with the same placeholders`, () => {
      const other = catalogue(language);
      expect([...english.keys()].filter((key) => !other.has(key))).toEqual([]);
      expect([...other.keys()].filter((key) => !english.has(key))).toEqual([]);
      const differing = [...english].filter(([key, text]) => placeholders(text).join() !== placeholders(other.get(key)!).join());
      expect(differing.map(([key]) => key)).toEqual([]);
      expect([...other].filter(([, text]) => text.trim() === '').map(([key]) => key)).toEqual([]);
    });
  }

  it('have every key the page sources ask t() for', () => {
    const missing: string[] = [];
    for (const file of sources(join(repo, 'web/src'))) {
      const text = readFileSync(file, 'utf8');
      // t('ns.key') and t(cond ? 'ns.a' : 'ns.b'): every quoted dotted literal of a known namespace inside the call.
      for (const call of text.matchAll(/\bt\(([^()]*)\)/g)) {
        for (const literal of call[1].matchAll(/['"`]([\w-]+\.[\w.-]+)['"`]/g)) if (!known(literal[1])) missing.push(`${file}: ${literal[1]}`);
      }
      // A key kept for later (data-i18n set from code, label functions): quoted "ns.key" of a known namespace.
      for (const literal of text.matchAll(/['"]([a-zA-Z]+)\.([\w.-]+)['"]/g)) {
        if (namespaces.has(literal[1]) && !/\.(ts|js|json|css|html|svg)$/.test(literal[0].slice(1, -1)) && !known(`${literal[1]}.${literal[2]}`)) missing.push(`${file}: ${literal[1]}.${literal[2]}`);
      }
    }
    expect([...new Set(missing)]).toEqual([]);
  });

  it('have every key the markup names (data-i18n, data-i18n-title, data-i18n-aria-label, …)', () => {
    const html = readFileSync(join(repo, 'web/index.html'), 'utf8');
    const keys = [...html.matchAll(/data-i18n(?:-[\w-]+)?="([^"]+)"/g)].map((m) => m[1]);
    expect(keys.length).toBeGreaterThan(40);
    expect(keys.filter((key) => !known(key))).toEqual([]);
  });
});

describe('the module', () => {
  afterAll(() => setLanguage('en'));

  it('looks up, interpolates, formats numbers and falls back', () => {
    setLanguage('en');
    expect(currentLanguage()).toBe('en');
    expect(t('panel.world')).toBe('World');
    expect(t('hud.line3', { bodies: 2, dofs: 3, contacts: 0 })).toBe('2 bodies   3 DoF   0 contacts');
    expect(formatNumber(1234.5)).toBe('1,234.5');
    setLanguage('de-AT');
    expect(currentLanguage()).toBe('de');
    expect(t('panel.world')).toBe('Welt');
    expect(formatNumber(9.81)).toBe('9,81');
    expect(formatNumber(1234.5)).toBe('1.234,5');
    expect(t('nowhere.key')).toBe('nowhere.key');
  });

  it("shows a scene's translated texts field by field, its answers untouched", () => {
    const meta = {
      title: 'Pendulum',
      description: 'It swings.',
      observe: ['one', 'two'],
      questions: [{ text: 'Which?', choices: ['a', 'b'], answer: 1 }],
      translations: { de: { title: 'Pendel', observe: ['eins'], questions: [{ text: 'Welche?', choices: ['A'] }] } },
    };
    const german = localizedMeta(meta, 'de-CH')!;
    expect(german.title).toBe('Pendel');
    expect(german.description).toBe('It swings.');
    expect(german.observe).toEqual(['eins', 'two']);
    expect(german.questions).toEqual([{ text: 'Welche?', choices: ['A', 'b'], answer: 1 }]);
    expect(localizedMeta(meta, 'fr')).toBe(meta);
  });

  it("shows a scene's sliders with translated labels, entry by entry, the rest of each slider as written", () => {
    const meta = {
      sliders: [
        { label: 'Release angle', path: '/articulations/0/links/0/joint/q/0', min: -3, max: 3, step: 0.01, unit: 'rad' },
        { label: 'Bob mass', path: '/articulations/0/links/0/mass', min: 0.1, max: 5, unit: 'kg' },
      ],
      translations: { de: { sliders: ['Startwinkel'] } },
    };
    const german = localizedMeta(meta, 'de')!;
    expect(german.sliders).toEqual([{ ...meta.sliders[0], label: 'Startwinkel' }, meta.sliders[1]]);
    // The scene's own sliders are not changed (the panel still finds them by their own label).
    expect(meta.sliders[0].label).toBe('Release angle');
    expect(localizedMeta(meta, 'en')).toBe(meta);
  });
});
