// A CSS colour's opacity, which three.js's colours do not carry: the colour without it (for
// THREE.Color) and the alpha from 0 (not drawn) to 1. Read: #rgba, #rrggbbaa, rgba()/hsla() with
// commas, and "transparent"; any other colour is opaque and passed on as it is.
export function splitAlpha(css: string): { color: string; alpha: number } {
  const text = css.trim();
  if (text.toLowerCase() === 'transparent') return { color: '#000000', alpha: 0 };
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})([0-9a-f]{1,2})$/i.exec(text);
  if (hex && (hex[1].length === 3) === (hex[2].length === 1)) {
    const a = hex[2].length === 1 ? hex[2] + hex[2] : hex[2];
    return { color: `#${hex[1]}`, alpha: parseInt(a, 16) / 255 };
  }
  const fn = /^(rgb|hsl)a?\(\s*([^,]+),([^,]+),([^,]+),\s*([\d.]+)(%?)\s*\)$/i.exec(text);
  if (fn) {
    const alpha = Number(fn[5]) / (fn[6] ? 100 : 1);
    if (Number.isFinite(alpha)) return { color: `${fn[1].toLowerCase()}(${fn[2].trim()}, ${fn[3].trim()}, ${fn[4].trim()})`, alpha: Math.min(1, Math.max(0, alpha)) };
  }
  return { color: text, alpha: 1 };
}
