// A scene's texts in the page's language: meta.translations.<lang> (docs/scene-format.md) over the
// meta's own fields, field by field and question by question; what a translation leaves out stays
// as the scene wrote it. Only texts change: a question's answer and revealAt stay the meta's, a
// slider's path, range and unit too.
import { currentLanguage } from './i18n';

interface QuestionTexts {
  text?: string;
  choices?: string[];
  explanation?: string;
}

interface MetaTexts {
  title?: string;
  description?: string;
  method?: string;
  observe?: string[];
  sliders?: string[];
  questions?: QuestionTexts[];
}

/** The translation for a language ('de-AT' falls back to 'de'), if the meta has one. */
function translationOf(meta: Record<string, unknown>, language: string): MetaTexts | undefined {
  const translations = meta.translations as Record<string, MetaTexts> | undefined;
  if (!translations || typeof translations !== 'object') return undefined;
  return translations[language] ?? translations[language.split('-')[0]];
}

/** The meta with its texts in `language` (default: the page's) where it has a translation. */
export function localizedMeta<T extends object>(meta: T | undefined, language = currentLanguage()): T | undefined {
  if (!meta) return meta;
  const translation = translationOf(meta as Record<string, unknown>, language);
  if (!translation) return meta;
  const own = meta as T & MetaTexts;
  const shown: T & MetaTexts = { ...own };
  for (const field of ['title', 'description', 'method'] as const) if (typeof translation[field] === 'string') shown[field] = translation[field];
  if (Array.isArray(own.observe) && Array.isArray(translation.observe)) shown.observe = own.observe.map((text, i) => translation.observe?.[i] ?? text);
  const sliders = (own as { sliders?: unknown }).sliders;
  if (Array.isArray(sliders) && Array.isArray(translation.sliders)) {
    (shown as { sliders?: unknown[] }).sliders = sliders.map((slider: unknown, i) => {
      const label = translation.sliders?.[i];
      return typeof label === 'string' && slider && typeof slider === 'object' ? { ...slider, label } : slider;
    });
  }
  if (Array.isArray(own.questions) && Array.isArray(translation.questions)) {
    shown.questions = own.questions.map((question, i) => {
      const texts = translation.questions?.[i];
      if (!texts) return question;
      const choices = Array.isArray(question.choices) ? question.choices.map((choice, k) => texts.choices?.[k] ?? choice) : question.choices;
      return { ...question, ...(texts.text !== undefined ? { text: texts.text } : {}), ...(texts.explanation !== undefined ? { explanation: texts.explanation } : {}), choices };
    });
  }
  return shown;
}
