// Screenshots as pixels (pngjs): enough to tell a blank canvas from a drawn one, and a moving
// picture from a still one.
import { PNG } from 'pngjs';

export function decode(png: Buffer): PNG {
  return PNG.sync.read(png);
}

// Standard deviation of the luminance: a blank canvas has none.
export function luminanceSpread(image: PNG): number {
  let sum = 0;
  let sumSquares = 0;
  const n = image.width * image.height;
  for (let i = 0; i < image.data.length; i += 4) {
    const y = 0.2126 * image.data[i] + 0.7152 * image.data[i + 1] + 0.0722 * image.data[i + 2];
    sum += y;
    sumSquares += y * y;
  }
  const mean = sum / n;
  return Math.sqrt(Math.max(0, sumSquares / n - mean * mean));
}

// Fraction of pixels that differ noticeably between two images of one size.
export function changedFraction(a: PNG, b: PNG): number {
  let changed = 0;
  for (let i = 0; i < a.data.length; i += 4) {
    const d = Math.abs(a.data[i] - b.data[i]) + Math.abs(a.data[i + 1] - b.data[i + 1]) + Math.abs(a.data[i + 2] - b.data[i + 2]);
    if (d > 30) changed++;
  }
  return changed / (a.width * a.height);
}
