// The live progress line of a challenge run: the time left, how long a holdFor has held, the
// deadline of a before. Rounded for reading; the verdict gives the exact numbers.
import { formatFixed, formatNumber, t } from '../i18n/i18n';

const s = (x: number): string => formatFixed(x, 2);

export function progressText(parts: {
  time: number;
  timeLimit: number;
  held: { seconds: number; needed: number } | null;
  deadline: number | null;
}): string {
  const { time, timeLimit, held, deadline } = parts;
  const shown = [t('challenge.progressTime', { time: s(time) }), t('challenge.left', { time: s(Math.max(0, timeLimit - time)) })];
  if (held) shown.push(t('challenge.held', { held: s(Math.min(held.seconds, held.needed)), needed: formatNumber(held.needed) }));
  if (deadline !== null) shown.push(t(time <= deadline ? 'challenge.deadline' : 'challenge.deadlinePassed', { time: formatNumber(deadline) }));
  return shown.join(' · ');
}
