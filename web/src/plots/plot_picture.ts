// The plots as one picture for the PNG download: each plot's canvas on white, one above the
// other, each with its legend (every series' colour and label) drawn under it. uPlot's legend is
// HTML beside the canvas, so without this a picture of several curves would not say which is which.

export interface LegendEntry {
  label: string;
  colour: string;
}

export interface PictureBlock {
  canvas: HTMLCanvasElement;
  legend: LegendEntry[];
}

const SWATCH = 14; // CSS pixels: the colour's line, then a gap, then the label
const GAP = 16; // between entries
const ROW = 18;

interface Placed extends LegendEntry {
  x: number;
  row: number;
}

/** Entries left to right, wrapping within `width`; widths measured in the context's font. */
function layOut(g: CanvasRenderingContext2D, legend: LegendEntry[], width: number, ratio: number): { placed: Placed[]; rows: number } {
  const placed: Placed[] = [];
  let x = 0, row = 0;
  for (const entry of legend) {
    const size = (SWATCH + 4) * ratio + g.measureText(entry.label).width;
    if (x > 0 && x + size > width) {
      x = 0;
      ++row;
    }
    placed.push({ ...entry, x, row });
    x += size + GAP * ratio;
  }
  return { placed, rows: legend.length > 0 ? row + 1 : 0 };
}

/** The picture, or null when no plot is drawn. `ratio`: device pixels per CSS pixel of the canvases. */
export function plotsPicture(blocks: PictureBlock[], ratio: number): HTMLCanvasElement | null {
  const picture = document.createElement('canvas');
  const g = picture.getContext('2d');
  const width = Math.max(0, ...blocks.map((b) => b.canvas.width));
  if (!g || width === 0) return null;
  const font = `${Math.round(12 * ratio)}px system-ui, sans-serif`;
  const pad = 6 * ratio;
  g.font = font;
  const layouts = blocks.map((b) => layOut(g, b.legend, width - 2 * pad, ratio));
  const legendHeight = (rows: number): number => (rows > 0 ? rows * ROW * ratio + pad : 0);
  picture.width = width;
  picture.height = blocks.reduce((sum, b, i) => sum + b.canvas.height + legendHeight(layouts[i].rows), 0);
  g.fillStyle = '#fff';
  g.fillRect(0, 0, picture.width, picture.height);
  let y = 0;
  blocks.forEach((block, i) => {
    g.drawImage(block.canvas, 0, y);
    y += block.canvas.height;
    g.font = font; // (resizing the canvas reset it)
    g.textBaseline = 'middle';
    g.lineWidth = 2 * ratio;
    for (const entry of layouts[i].placed) {
      const middle = y + (entry.row + 0.5) * ROW * ratio;
      g.strokeStyle = entry.colour;
      g.beginPath();
      g.moveTo(pad + entry.x, middle);
      g.lineTo(pad + entry.x + SWATCH * ratio, middle);
      g.stroke();
      g.fillStyle = '#1d2329';
      g.fillText(entry.label, pad + entry.x + (SWATCH + 4) * ratio, middle);
    }
    y += legendHeight(layouts[i].rows);
  });
  return picture;
}
