// The live progress line of a challenge run: the time left, how long a holdFor has held, the
// deadline of a before. Rounded for reading; the verdict gives the exact numbers.

const s = (x: number): string => x.toFixed(2);

export function progressText(parts: {
  time: number;
  timeLimit: number;
  held: { seconds: number; needed: number } | null;
  deadline: number | null;
}): string {
  const { time, timeLimit, held, deadline } = parts;
  const shown = [`t = ${s(time)} s`, `${s(Math.max(0, timeLimit - time))} s left`];
  if (held) shown.push(`held ${s(Math.min(held.seconds, held.needed))} of ${held.needed} s`);
  if (deadline !== null) shown.push(time <= deadline ? `deadline t = ${deadline} s` : `deadline t = ${deadline} s passed`);
  return shown.join(' · ');
}
