// Predict, then observe (the scene's meta.questions): each question is shown with its choices
// before the run; once the run has reached the question's revealAt (simulated seconds, default
// 3) the right choice, the student's own and the explanation are shown. Scene text only ever
// becomes textContent.
import { QUESTION_DEFAULTS } from '../../../lib/scene_defaults.generated';
import './questions.css';
import { formatNumber, t } from '../i18n/i18n';

export interface SceneQuestion {
  text: string;
  choices: string[];
  answer: number;
  explanation?: string;
  revealAt?: number;
}

const DEFAULT_REVEAL_AT = QUESTION_DEFAULTS.revealAt;

interface Shown {
  question: SceneQuestion;
  inputs: HTMLInputElement[];
  verdict: HTMLElement;
  revealed: boolean;
}

export class Questions {
  private shown: Shown[] = [];
  private sceneCount = 0;

  constructor(private readonly host: HTMLElement) {}

  /** A new scene: its questions, unanswered (none: nothing shown). */
  setScene(questions: SceneQuestion[] | undefined): void {
    this.sceneCount++;
    const valid = (questions ?? []).filter((q) => typeof q.text === 'string' && Array.isArray(q.choices) && Number.isInteger(q.answer));
    this.shown = valid.map((question, i) => this.render(question, i));
    this.host.replaceChildren(...this.shown.map((s) => s.verdict.parentElement!));
    this.host.hidden = this.shown.length === 0;
  }

  /** Every frame: reveals what the run has reached. */
  update(time: number): void {
    for (const s of this.shown) if (!s.revealed && time >= (s.question.revealAt ?? DEFAULT_REVEAL_AT)) this.reveal(s);
  }

  private render(question: SceneQuestion, index: number): Shown {
    const box = document.createElement('fieldset');
    box.className = 'question';
    const legend = document.createElement('legend');
    legend.textContent = t('questions.predict', { text: question.text });
    const name = `question-${this.sceneCount}-${index}`;
    const inputs = question.choices.map((choice, k) => {
      const label = document.createElement('label');
      const input = document.createElement('input');
      input.type = 'radio';
      input.name = name;
      input.value = String(k);
      label.append(input, document.createTextNode(` ${choice}`));
      box.append(label);
      return input;
    });
    box.prepend(legend);
    const verdict = document.createElement('p');
    verdict.className = 'question-verdict';
    verdict.setAttribute('role', 'status');
    verdict.textContent = t('questions.choose', { time: formatNumber(question.revealAt ?? DEFAULT_REVEAL_AT) });
    box.append(verdict);
    return { question, inputs, verdict, revealed: false };
  }

  private reveal(s: Shown): void {
    s.revealed = true;
    const chosen = s.inputs.findIndex((input) => input.checked);
    s.inputs.forEach((input, k) => {
      input.disabled = true;
      const label = input.parentElement!;
      if (k === s.question.answer) label.classList.add('right');
      else if (k === chosen) label.classList.add('wrong');
    });
    const right = s.question.choices[s.question.answer] ?? '';
    const prediction = chosen < 0 ? t('questions.noPrediction') : chosen === s.question.answer ? t('questions.right') : t('questions.predicted', { choice: s.question.choices[chosen] });
    s.verdict.textContent = t('questions.answer', { prediction, answer: right, explanation: s.question.explanation ?? '' }).trim();
  }
}
