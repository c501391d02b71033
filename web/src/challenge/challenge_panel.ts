// The challenge's box in the scene panel: the goal as the run starts (title, the goal in words,
// the time limit, what may be changed), the live progress, the verdict when decided, and Submit
// (a name, the result link with Copy). A result link's view shows instead a banner with the
// claim and Verify. Scene text only ever becomes textContent.
import { allowText, goalText } from './goal_text';
import { formatNumber, onLanguageChange, t, translated } from '../i18n/i18n';

export type ScoreKind = 'time' | 'energy' | 'parts';

export interface GoalInfo {
  title?: string;
  goal: unknown;
  timeLimit: number;
  score: ScoreKind;
  allow: unknown;
}

export interface PanelVerdict {
  status: 'success' | 'failure';
  time: number | null;
  score: number | null;
  reason: string;
}

/** Six significant digits: what a person reads (the link carries the exact number). */
const seconds = (x: number): string => formatNumber(Number(x.toPrecision(6)), { maximumSignificantDigits: 6 });

/** A score in its unit: "3.215 s", "12.5 J", "6 parts". */
export function scoreText(kind: ScoreKind, score: number | null): string {
  if (score === null) return t('challenge.noScore');
  const shown = seconds(score);
  return kind === 'time' ? `${shown} s` : kind === 'energy' ? `${shown} J` : t('challenge.parts', { count: score, score: shown });
}

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text = ''): HTMLElementTagNameMap[K] {
  const made = document.createElement(tag);
  made.className = className;
  made.textContent = text;
  return made;
}

export interface ChallengePanelHooks {
  /** Submit: the result link for this label (or why none can be made). */
  submit(label: string): Promise<{ link: string } | { error: string }>;
  verify(): void;
}

export class ChallengePanel {
  private readonly banner = element('p', 'challenge-banner');
  private readonly title = element('h2', 'challenge-title');
  private readonly goal = element('p', 'challenge-goal');
  private readonly rules = element('p', 'challenge-rules');
  private readonly progressLine = element('p', 'challenge-progress');
  private readonly verdictLine = element('p', 'challenge-verdict');
  private readonly submitRow = element('div', 'challenge-submit');
  private readonly nameField = element('input', 'challenge-name');
  private readonly submitButton = translated(element('button', 'challenge-submit-button'), { text: 'challenge.submit', title: 'challenge.submitTitle' });
  private readonly submitProblem = element('p', 'challenge-submit-problem');
  private readonly linkRow = element('div', 'challenge-link');
  private readonly linkField = element('input', 'challenge-link-field');
  private readonly copyButton = translated(element('button', 'challenge-copy'), { text: 'challenge.copy' });
  private readonly verifyButton = translated(element('button', 'challenge-verify'), { text: 'challenge.verify', title: 'challenge.verifyTitle' });
  private readonly verifyLine = element('p', 'challenge-verify-result');
  private score: ScoreKind = 'time';
  private shownGoal: { info: GoalInfo; result: { label: string; claim: string } | null } | null = null;

  constructor(private readonly host: HTMLElement, private readonly hooks: ChallengePanelHooks) {
    this.progressLine.setAttribute('role', 'status');
    this.verdictLine.setAttribute('role', 'status');
    this.verifyLine.setAttribute('role', 'status');
    this.submitProblem.setAttribute('role', 'alert');
    this.nameField.type = 'text';
    translated(this.nameField, { placeholder: 'challenge.namePlaceholder', 'aria-label': 'challenge.nameLabel' });
    this.nameField.maxLength = 80;
    this.submitButton.type = this.copyButton.type = this.verifyButton.type = 'button';
    this.linkField.type = 'text';
    this.linkField.readOnly = true;
    translated(this.linkField, { 'aria-label': 'challenge.linkLabel' });
    this.linkField.addEventListener('focus', () => this.linkField.select());
    this.submitRow.append(this.nameField, this.submitButton);
    this.linkRow.append(this.linkField, this.copyButton);
    this.submitButton.addEventListener('click', () => void this.submit());
    this.copyButton.addEventListener('click', () => void this.copy());
    this.verifyButton.addEventListener('click', () => hooks.verify());
    host.replaceChildren(this.banner, this.title, this.goal, this.rules, this.progressLine, this.verdictLine, this.verifyButton, this.verifyLine, this.submitRow, this.submitProblem, this.linkRow);
    this.hide();
    onLanguageChange(() => this.showGoalTexts());
  }

  /** A challenge scene runs: its goal, as the run starts. `result`: a result link's read-only view. */
  showGoal(info: GoalInfo, result: { label: string; claim: string } | null = null): void {
    this.score = info.score;
    this.host.hidden = false;
    this.host.classList.toggle('result', result !== null);
    this.banner.hidden = result === null;
    this.shownGoal = { info, result };
    this.showGoalTexts();
    this.verifyButton.hidden = this.verifyLine.hidden = result === null;
    this.submitRow.hidden = result !== null;
    this.verifyLine.textContent = '';
    this.verifyButton.disabled = false;
    this.runStarted();
  }

  /** The goal's words in the page's language (again after a change of language). */
  private showGoalTexts(): void {
    if (!this.shownGoal) return;
    const { info, result } = this.shownGoal;
    this.banner.textContent = result ? t('challenge.resultOf', result) : '';
    this.title.textContent = info.title ? t('challenge.titled', { title: info.title }) : t('challenge.title');
    this.goal.textContent = t('challenge.goal', { goal: goalText(info.goal) });
    const score = t(info.score === 'time' ? 'challenge.scoreTime' : info.score === 'energy' ? 'challenge.scoreEnergy' : 'challenge.scoreParts');
    this.rules.textContent = t('challenge.rules', { limit: formatNumber(info.timeLimit), score, allow: allowText(info.allow) });
  }

  hide(): void {
    this.host.hidden = true;
  }

  /** The run is back at its start: no verdict yet. */
  runStarted(): void {
    this.verdictLine.textContent = '';
    this.verdictLine.className = 'challenge-verdict';
    this.submitButton.disabled = true;
    this.linkRow.hidden = this.submitProblem.hidden = true;
    this.progressLine.textContent = t('challenge.pressPlay');
  }

  progress(text: string): void {
    if (this.progressLine.textContent !== text) this.progressLine.textContent = text;
  }

  /** The run was decided: the verdict and its score; Submit once it is a success. */
  decided(verdict: PanelVerdict): void {
    const success = verdict.status === 'success';
    this.verdictLine.className = `challenge-verdict ${success ? 'success' : 'failure'}`;
    this.verdictLine.textContent = success
      ? t('challenge.success', { time: seconds(verdict.time ?? 0), score: scoreText(this.score, verdict.score) })
      : t('challenge.failure', { reason: verdict.reason || t('challenge.notReached') });
    this.submitButton.disabled = !success;
  }

  /** The run cannot count (changed mid-run, dragged): said until Reset. */
  voided(why: string): void {
    this.verdictLine.className = 'challenge-verdict failure';
    this.verdictLine.textContent = t('challenge.voided', { why });
    this.submitButton.disabled = true;
  }

  /** Verify's outcome (a result link's view). */
  verified(text: string, holds: boolean | null): void {
    this.verifyLine.textContent = text;
    this.verifyLine.className = `challenge-verify-result${holds === null ? '' : holds ? ' success' : ' failure'}`;
    this.verifyButton.disabled = holds === null;
  }

  private async submit(): Promise<void> {
    this.submitButton.disabled = true;
    const made = await this.hooks.submit(this.nameField.value.trim());
    this.submitButton.disabled = false;
    this.linkRow.hidden = 'error' in made;
    this.submitProblem.hidden = !('error' in made);
    if ('error' in made) {
      this.submitProblem.textContent = made.error;
      return;
    }
    this.linkField.value = made.link;
    translated(this.copyButton, { text: 'challenge.copy' });
  }

  private async copy(): Promise<void> {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(this.linkField.value);
      translated(this.copyButton, { text: 'challenge.copied' });
    } catch {
      this.linkField.focus();
      this.linkField.select();
      translated(this.copyButton, { text: 'challenge.selectAndCopy' });
    }
  }
}
