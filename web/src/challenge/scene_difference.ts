// Where two scene documents first differ, as a JSON Pointer ('' when they are the same; the
// camera is the viewer's, not the scene's). Submit uses it: the challenge with the attempt
// applied must be the scene that ran, else the result would not verify, and the student is told
// which change a result link cannot carry.

function differs(a: unknown, b: unknown, path: string): string | null {
  if (Object.is(a, b)) return null;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return path || '/';
  if (Array.isArray(a) && Array.isArray(b)) {
    for (let i = 0; i < Math.max(a.length, b.length); i++) {
      const found = differs(a[i], b[i], `${path}/${i}`);
      if (found !== null) return found;
    }
    return null;
  }
  const x = a as Record<string, unknown>, y = b as Record<string, unknown>;
  for (const key of new Set([...Object.keys(x), ...Object.keys(y)])) {
    if (path === '' && key === 'camera') continue;
    const found = differs(x[key], y[key], `${path}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`);
    if (found !== null) return found;
  }
  return null;
}

/** The JSON Pointer of the first difference between the two scenes (the camera aside), or ''. */
export function sceneDifference(a: unknown, b: unknown): string {
  return differs(a, b, '') ?? '';
}
