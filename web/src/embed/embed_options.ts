// The page embedded in a course page (`?embed`) or shown to a room (`?present`): which panels
// show, whether it plays at once, and which parent pages may drive it by postMessage. Plain
// values read from the address; docs/embed.md describes them.

export type EmbedPanel = 'plot' | 'description' | 'timeline';
const PANELS: EmbedPanel[] = ['plot', 'description', 'timeline'];

export interface EmbedOptions {
  embed: boolean;
  present: boolean;
  autoplay: boolean;
  panels: EmbedPanel[];
  /** Origins whose messages are obeyed (besides the page's own). */
  origins: string[];
}

export function readEmbedOptions(search: string): EmbedOptions {
  const params = new URLSearchParams(search);
  const panels = (params.get('panels') ?? '').split(',').filter((p): p is EmbedPanel => (PANELS as string[]).includes(p));
  const origins = params.getAll('origin').flatMap((o) => o.split(',')).filter(isOrigin);
  return {
    embed: params.has('embed'),
    present: params.has('present'),
    autoplay: params.get('autoplay') !== '0',
    panels,
    origins,
  };
}

/** An origin as `&origin=` takes it: scheme and host (and port), nothing after. */
export function isOrigin(text: string): boolean {
  return /^https?:\/\/[^/\s]+$/.test(text);
}

export interface SnippetSize {
  width: number;
  height: number;
}

/** The `<iframe>` a teacher pastes into a course page: the share link with the embed options. */
export function embedSnippet(link: string, size: SnippetSize, panels: EmbedPanel[], autoplay: boolean, origin = ''): string {
  const url = new URL(link);
  url.searchParams.set('embed', '');
  if (panels.length > 0) url.searchParams.set('panels', panels.join(','));
  if (!autoplay) url.searchParams.set('autoplay', '0');
  if (isOrigin(origin)) url.searchParams.set('origin', origin);
  const src = url.href.replace('embed=&', 'embed&').replace(/embed=$/, 'embed').replace('embed=#', 'embed#');
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  return `<iframe src="${escape(src)}" width="${size.width}" height="${size.height}" style="border:0" allow="fullscreen" title="Featherweight simulation"></iframe>`;
}
