// Draws the page's DOM overlays that sit on the view (labels, the teaching boxes) onto a 2D
// canvas, as boxes and text: each element's background (with its corner radius) where it shows,
// then each line of text in the element's font and colour. Not a full HTML renderer: borders,
// shadows and images are left out; what a slide needs (values, labels, bars) is kept.

/** The overlays over the view that a clip or a still includes (the panels beside it are left out). */
export const VIEW_OVERLAYS = ['#teaching > :not([hidden])', '.measure-label:not([hidden])', '.drag-label:not([hidden])'];

/** Where the view canvas is on the page, and its drawing buffer's pixels per CSS pixel. */
export interface ViewPlacement {
  left: number;
  top: number;
  scale: number;
}

function shown(style: CSSStyleDeclaration): boolean {
  return style.display !== 'none' && style.visibility !== 'hidden' && Number(style.opacity) > 0;
}

function paintsBackground(color: string): boolean {
  return color !== '' && color !== 'transparent' && !/rgba\(.*,\s*0\)$/.test(color);
}

function drawBox(g: CanvasRenderingContext2D, element: Element, style: CSSStyleDeclaration, at: ViewPlacement): void {
  if (!paintsBackground(style.backgroundColor)) return;
  const r = element.getBoundingClientRect();
  if (r.width <= 0 || r.height <= 0) return;
  g.fillStyle = style.backgroundColor;
  g.beginPath();
  g.roundRect((r.left - at.left) * at.scale, (r.top - at.top) * at.scale, r.width * at.scale, r.height * at.scale, (parseFloat(style.borderTopLeftRadius) || 0) * at.scale);
  g.fill();
}

/** Each line of a text node where the browser laid it out (one rectangle per line box). */
function drawText(g: CanvasRenderingContext2D, node: Text, style: CSSStyleDeclaration, at: ViewPlacement): void {
  const text = node.textContent ?? '';
  if (text.trim() === '') return;
  g.fillStyle = style.color;
  g.font = `${style.fontStyle} ${style.fontWeight} ${parseFloat(style.fontSize) * at.scale}px ${style.fontFamily}`;
  g.textBaseline = 'middle';
  const range = document.createRange();
  // Character by character would be exact but slow; lines are found from where each character starts.
  let lineStart = 0, lineTop = NaN, lineRect: DOMRect | null = null;
  const flush = (end: number) => {
    if (!lineRect) return;
    const piece = style.whiteSpace.startsWith('pre') ? text.slice(lineStart, end).replace(/\n$/, '') : text.slice(lineStart, end).trim();
    g.fillText(piece, (lineRect.left - at.left) * at.scale, (lineRect.top + lineRect.height / 2 - at.top) * at.scale);
  };
  for (let i = 0; i < text.length; i++) {
    range.setStart(node, i);
    range.setEnd(node, i + 1);
    const rect = range.getClientRects()[0];
    if (!rect) continue;
    if (!(Math.abs(rect.top - lineTop) < rect.height / 2)) {
      flush(i);
      lineStart = i;
      lineTop = rect.top;
      lineRect = rect;
    }
  }
  flush(text.length);
}

function drawElement(g: CanvasRenderingContext2D, element: Element, at: ViewPlacement): void {
  const style = getComputedStyle(element);
  if (!shown(style)) return;
  drawBox(g, element, style, at);
  for (const child of element.childNodes) {
    if (child.nodeType === Node.TEXT_NODE) drawText(g, child as Text, style, at);
    else if (child instanceof Element && !(child as HTMLElement).hidden) drawElement(g, child, at);
  }
}

/** Draws every shown overlay matching `selectors` onto `g` (whose canvas covers the view). */
export function drawDomOverlays(g: CanvasRenderingContext2D, at: ViewPlacement, selectors: readonly string[] = VIEW_OVERLAYS): void {
  for (const element of document.querySelectorAll(selectors.join(', '))) drawElement(g, element, at);
}
