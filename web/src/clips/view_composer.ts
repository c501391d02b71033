// The view as a picture: the renderer's canvas (bodies, vectors, trails, contacts, regions are
// all drawn in 3D there) with the DOM overlays over it (dom_overlay.ts), composed on a 2D canvas
// of the same size in device pixels. A clip captures this canvas; a still is it as PNG.
import { drawDomOverlays } from './dom_overlay';

export class ViewComposer {
  readonly canvas = document.createElement('canvas');
  private readonly g: CanvasRenderingContext2D;

  /** `draw` draws the view now (the WebGL buffer is read right after, before the browser clears it). */
  constructor(private readonly view: HTMLCanvasElement, private readonly draw: () => void) {
    const g = this.canvas.getContext('2d');
    if (!g) throw new Error('This browser cannot draw on a 2D canvas');
    this.g = g;
  }

  /** Draws the view and its overlays onto the composed canvas, sized as the view's drawing buffer. */
  compose(): HTMLCanvasElement {
    this.draw();
    const { width, height } = this.view;
    if (this.canvas.width !== width || this.canvas.height !== height) {
      this.canvas.width = width;
      this.canvas.height = height;
    }
    this.g.drawImage(this.view, 0, 0);
    const box = this.view.getBoundingClientRect();
    drawDomOverlays(this.g, { left: box.left, top: box.top, scale: box.width > 0 ? width / box.width : 1 });
    return this.canvas;
  }

  /** The view now as a PNG. */
  png(): Promise<Blob> {
    const canvas = this.compose();
    return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The picture could not be encoded as PNG'))), 'image/png'));
  }
}

/** Downloads `blob` as `name`. */
export function download(blob: Blob, name: string): void {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 60_000); // the download has started long before
}
