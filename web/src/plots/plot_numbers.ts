// Numbers as the plots' read-out and the table show them, in the page's language: six
// significant digits, and powers of ten for the very small and the very large (a conserved
// total's 1.8E-14 J of rounding, not sixteen zeros).
import { formatNumber } from '../i18n/i18n';

export function formatValue(x: number): string {
  if (!Number.isFinite(x)) return '–';
  const size = Math.abs(x);
  if (size !== 0 && (size < 1e-4 || size >= 1e7)) return formatNumber(x, { notation: 'scientific', maximumSignificantDigits: 3 });
  return formatNumber(x, { maximumSignificantDigits: 6 });
}

/** A time on the sampling grid: up to the microsecond, trailing zeros dropped. */
export function formatTime(t: number): string {
  return Number.isFinite(t) ? formatNumber(t, { maximumFractionDigits: 6 }) : '–';
}
