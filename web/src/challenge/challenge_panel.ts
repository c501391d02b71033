// The challenge's box in the scene panel: the goal as the run starts (title, the goal in words,
// the time limit, what may be changed), the live progress, the verdict when decided, and Submit
// (a name, the result link with Copy). A result link's view shows instead a banner with the
// claim and Verify. Scene text only ever becomes textContent.
import { allowText, goalText } from './goal_text';

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
const seconds = (x: number): string => String(Number(x.toPrecision(6)));

/** A score in its unit: "3.215 s", "12.5 J", "6 parts". */
export function scoreText(kind: ScoreKind, score: number | null): string {
  if (score === null) return 'no score';
  const shown = seconds(score);
  return kind === 'time' ? `${shown} s` : kind === 'energy' ? `${shown} J` : `${shown} part${score === 1 ? '' : 's'}`;
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
  private readonly submitButton = element('button', 'challenge-submit-button', 'Submit');
  private readonly submitProblem = element('p', 'challenge-submit-problem');
  private readonly linkRow = element('div', 'challenge-link');
  private readonly linkField = element('input', 'challenge-link-field');
  private readonly copyButton = element('button', 'challenge-copy', 'Copy');
  private readonly verifyButton = element('button', 'challenge-verify', 'Verify');
  private readonly verifyLine = element('p', 'challenge-verify-result');
  private score: ScoreKind = 'time';

  constructor(private readonly host: HTMLElement, private readonly hooks: ChallengePanelHooks) {
    this.progressLine.setAttribute('role', 'status');
    this.verdictLine.setAttribute('role', 'status');
    this.verifyLine.setAttribute('role', 'status');
    this.submitProblem.setAttribute('role', 'alert');
    this.nameField.type = 'text';
    this.nameField.placeholder = 'your name (optional)';
    this.nameField.maxLength = 80;
    this.nameField.setAttribute('aria-label', 'Name shown with the result');
    this.submitButton.type = this.copyButton.type = this.verifyButton.type = 'button';
    this.submitButton.title = 'Make a link to this result, for a teacher to verify';
    this.verifyButton.title = 'Run the attempt again from the start here, and check the claim';
    this.linkField.type = 'text';
    this.linkField.readOnly = true;
    this.linkField.setAttribute('aria-label', 'Result link');
    this.linkField.addEventListener('focus', () => this.linkField.select());
    this.submitRow.append(this.nameField, this.submitButton);
    this.linkRow.append(this.linkField, this.copyButton);
    this.submitButton.addEventListener('click', () => void this.submit());
    this.copyButton.addEventListener('click', () => void this.copy());
    this.verifyButton.addEventListener('click', () => hooks.verify());
    host.replaceChildren(this.banner, this.title, this.goal, this.rules, this.progressLine, this.verdictLine, this.verifyButton, this.verifyLine, this.submitRow, this.submitProblem, this.linkRow);
    this.hide();
  }

  /** A challenge scene runs: its goal, as the run starts. `result`: a result link's read-only view. */
  showGoal(info: GoalInfo, result: { label: string; claim: string } | null = null): void {
    this.score = info.score;
    this.host.hidden = false;
    this.host.classList.toggle('result', result !== null);
    this.banner.hidden = result === null;
    this.banner.textContent = result ? `Result of ${result.label}: ${result.claim}` : '';
    this.title.textContent = info.title ? `Challenge: ${info.title}` : 'Challenge';
    this.goal.textContent = `Goal: ${goalText(info.goal)}.`;
    this.rules.textContent = `Time limit ${info.timeLimit} s · score: ${info.score === 'time' ? 'time to success' : info.score === 'energy' ? 'energy used' : 'parts used'}, lower is better · you may change ${allowText(info.allow)}.`;
    this.verifyButton.hidden = this.verifyLine.hidden = result === null;
    this.submitRow.hidden = result !== null;
    this.verifyLine.textContent = '';
    this.verifyButton.disabled = false;
    this.runStarted();
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
    this.progressLine.textContent = 'Press Play: the referee watches from t = 0.';
  }

  progress(text: string): void {
    if (this.progressLine.textContent !== text) this.progressLine.textContent = text;
  }

  /** The run was decided: the verdict and its score; Submit once it is a success. */
  decided(verdict: PanelVerdict): void {
    const success = verdict.status === 'success';
    this.verdictLine.className = `challenge-verdict ${success ? 'success' : 'failure'}`;
    this.verdictLine.textContent = success
      ? `Success at t = ${seconds(verdict.time ?? 0)} s · score ${scoreText(this.score, verdict.score)}`
      : `Failure: ${verdict.reason || 'the goal was not reached in time'}`;
    this.submitButton.disabled = !success;
  }

  /** The run cannot count (changed mid-run, dragged): said until Reset. */
  voided(why: string): void {
    this.verdictLine.className = 'challenge-verdict failure';
    this.verdictLine.textContent = `${why} Reset to start a fair attempt.`;
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
    this.copyButton.textContent = 'Copy';
  }

  private async copy(): Promise<void> {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(this.linkField.value);
      this.copyButton.textContent = 'Copied';
    } catch {
      this.linkField.focus();
      this.linkField.select();
      this.copyButton.textContent = 'Select and copy';
    }
  }
}
