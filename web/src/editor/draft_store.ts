// The editor's unapplied text, kept in localStorage so a reload (or a crash) never loses it.
// Storage can be unavailable (private windows, quota): then drafts simply are not kept.
const KEY = 'featherweight.sceneDraft';

export function readDraft(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function saveDraft(text: string): void {
  try {
    localStorage.setItem(KEY, text);
  } catch {
    // not kept: see above
  }
}

export function clearDraft(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // nothing to clear
  }
}
