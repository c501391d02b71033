// Several live plots at once (plots/plots.ts), stacked or side by side, each with its own
// quantity, horizontal axis and zoom, their cursors in step (pointing at a moment in one reads it
// out in all); and the table of their values (plots/plot_table_view.ts). A scene that suggests
// several plots (meta.plots) opens with two on a large screen: the energy as ever, and its first
// other suggestion.
// Each plot keeps the samples of what it shows (plots/history.ts), taken at the same sampling
// steps (timeline/sampling.ts): a plot's history is its own quantity's, so one replay of the
// timeline serves a newly chosen quantity while the others, already holding those times, skip them.
import type { BodyInfo } from 'featherweight-wasm/featherweight.js';
import type { WorldViews } from '../../../lib/views';
import { onLanguageChange, t } from '../i18n/i18n';
import { LivePlots, suggestionKey, type PlotSuggestion } from './plots';
import { PlotTableView } from './plot_table_view';
import { plotsPicture } from './plot_picture';
import { sampleTable, tableCsv, type TableSource } from './value_table';

/** Plots a scene opens with at most: two on a large screen, one in a phone or a small frame (the view stays visible). */
function maxOpened(): number {
  return window.innerWidth > 600 && window.innerHeight >= 640 ? 2 : 1;
}
/** Plots the panel holds at most. */
const MAX_PLOTS = 4;

export type PlotLayout = 'stacked' | 'side';

/** The elements of the page's plot panel (index.html). */
export interface PlotPanelElements {
  panel: HTMLElement;
  list: HTMLElement;
  first: { chart: HTMLElement; picker: HTMLSelectElement; xPicker: HTMLSelectElement; resetZoom: HTMLButtonElement };
  add: HTMLButtonElement;
  layout: HTMLSelectElement;
  tableToggle: HTMLButtonElement;
  table: HTMLElement;
}

function translated<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Record<string, string>): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, key] of Object.entries(attributes)) {
    if (name === 'text') {
      element.textContent = t(key);
      element.setAttribute('data-i18n', key);
    } else {
      element.setAttribute(name, t(key));
      element.setAttribute(`data-i18n-${name}`, key);
    }
  }
  return element;
}

export class PlotSet {
  readonly plots: LivePlots[] = [];
  private readonly cells: HTMLElement[] = [];
  readonly table: PlotTableView;
  private scene: { suggested: PlotSuggestion[]; bodies: BodyInfo[] } = { suggested: [], bodies: [] };
  private signals: Record<string, number> | null = null;
  private timeClick: (time: number) => void = () => {};
  private history: (time: number) => void = () => {};

  constructor(
    private readonly views: WorldViews,
    private readonly dom: PlotPanelElements,
  ) {
    const { first } = dom;
    this.plots.push(new LivePlots(views, first.chart, first.picker, first.xPicker, first.resetZoom));
    this.cells.push(first.chart.closest<HTMLElement>('.plot-cell') ?? first.chart);
    this.table = new PlotTableView(dom.table, dom.tableToggle, () => this.tableSources());
    dom.add.addEventListener('click', () => this.add());
    dom.layout.addEventListener('change', () => this.setLayout(dom.layout.value === 'side' ? 'side' : 'stacked'));
    onLanguageChange(() => this.plots.forEach((plot) => plot.relabel()));
    const observer = new ResizeObserver(() => this.reportTop());
    observer.observe(dom.panel);
    window.addEventListener('resize', () => this.reportTop());
  }

  /**
   * The panel's top edge as the CSS variable --plot-panel-top: the Controls above it stop there
   * (styles.css), however tall the plots and the table make the panel. Unset while it is hidden.
   */
  private reportTop(): void {
    const root = document.documentElement.style;
    const { panel } = this.dom;
    if (panel.getClientRects().length === 0) root.removeProperty('--plot-panel-top'); // display: none
    else root.setProperty('--plot-panel-top', `${Math.round(panel.getBoundingClientRect().top)}px`);
  }

  set onTimeClick(cb: (time: number) => void) {
    this.timeClick = cb;
    for (const plot of this.plots) plot.onTimeClick = cb;
  }
  set onHistory(cb: (time: number) => void) {
    this.history = cb;
    for (const plot of this.plots) plot.onHistory = cb;
  }

  /** The quantity keys a scene opens with: the energy (the first plot's default), then its suggestions. */
  private openingKeys(): (string | undefined)[] {
    const keys = [...new Set(this.scene.suggested.map(suggestionKey))].filter((key) => key !== 'energy');
    const count = Math.min(maxOpened(), Math.max(1, this.scene.suggested.length));
    return [undefined, ...keys].slice(0, count);
  }

  /** After a scene loads (plots/plots.ts setScene); a new scene opens with its suggested plots. */
  setScene(suggested: PlotSuggestion[] | undefined, bodies: BodyInfo[], keep = false): void {
    this.scene = { suggested: suggested ?? [], bodies };
    if (!keep) {
      this.signals = null;
      const keys = this.openingKeys();
      while (this.plots.length > keys.length) this.remove(this.plots.length - 1);
      while (this.plots.length < keys.length) this.addPlot();
      this.plots.forEach((plot, i) => plot.setScene(suggested, bodies, false, keys[i]));
      this.relayout();
      return;
    }
    for (const plot of this.plots) plot.setScene(suggested, bodies, true);
  }

  /** Another plot, showing the first suggestion no plot shows yet (else the next quantity). */
  add(): LivePlots | null {
    if (this.plots.length >= MAX_PLOTS) return null;
    const plot = this.addPlot();
    const shown = new Set(this.plots.map((p) => p.quantityKey));
    const key = this.scene.suggested.map(suggestionKey).find((k) => !shown.has(k));
    plot.setScene(this.scene.suggested, this.scene.bodies, false, key, this.plots[0].potentialZero);
    if (!key) plot.select(Math.min(1, plot.quantityCount - 1));
    if (this.signals) plot.setSignals(this.signals, false);
    this.relayout();
    return plot;
  }

  private addPlot(): LivePlots {
    const cell = document.createElement('div');
    cell.className = 'plot-cell';
    const head = document.createElement('div');
    head.className = 'plot-head';
    const picker = translated('select', { 'aria-label': 'plots.quantity' });
    const xPicker = translated('select', { 'aria-label': 'plots.against' });
    xPicker.className = 'plot-x';
    const reset = translated('button', { text: 'plots.resetZoom', title: 'plots.resetZoomTitle' });
    reset.type = 'button';
    reset.className = 'plot-reset';
    reset.hidden = true;
    const remove = translated('button', { title: 'plots.remove', 'aria-label': 'plots.remove' });
    remove.type = 'button';
    remove.className = 'plot-remove';
    remove.textContent = '✕';
    head.append(picker, xPicker, reset, remove);
    const chart = document.createElement('div');
    chart.className = 'plot-chart';
    cell.append(head, chart);
    this.dom.list.append(cell);
    const plot = new LivePlots(this.views, chart, picker, xPicker, reset);
    plot.onTimeClick = this.timeClick;
    plot.onHistory = this.history;
    remove.addEventListener('click', () => {
      this.remove(this.plots.indexOf(plot));
      this.relayout();
    });
    this.plots.push(plot);
    this.cells.push(cell);
    return plot;
  }

  /** Removes plot `index` (not the first: its controls are the page's). */
  private remove(index: number): void {
    if (index < 1) return;
    this.plots[index].dispose();
    this.cells[index].remove();
    this.plots.splice(index, 1);
    this.cells.splice(index, 1);
  }

  get layout(): PlotLayout {
    return this.dom.list.classList.contains('side') ? 'side' : 'stacked';
  }

  setLayout(layout: PlotLayout): void {
    this.dom.layout.value = layout;
    this.dom.list.classList.toggle('side', layout === 'side');
    this.dom.list.classList.toggle('stacked', layout === 'stacked');
    this.relayout();
  }

  /** Sizes the charts for the layout and their count: stacked ones lower, side by side ones narrower. */
  private relayout(): void {
    const several = this.plots.length > 1;
    this.dom.panel.classList.toggle('several-plots', several);
    this.dom.panel.classList.toggle('side-by-side', several && this.layout === 'side');
    for (const plot of this.plots) plot.compact = several && this.layout === 'stacked';
    this.dom.add.disabled = this.plots.length >= MAX_PLOTS;
    this.resize();
  }

  private tableSources(): TableSource[] {
    return this.plots.map((plot) => ({ labels: plot.seriesLabels, history: plot.samples, until: plot.shownUntil }));
  }

  newRecording(): void {
    for (const plot of this.plots) plot.newRecording();
  }

  /** The controller's signals: the first plot shows them when they first come, the others keep theirs. */
  setSignals(values: Record<string, number>): void {
    this.signals = values;
    this.plots.forEach((plot, i) => plot.setSignals(values, i === 0));
  }

  sample(time: number): void {
    for (const plot of this.plots) plot.sample(time);
  }

  frame(): void {
    for (const plot of this.plots) plot.frame();
    this.table.refresh();
  }

  setPlayhead(time: number | null): void {
    for (const plot of this.plots) plot.setPlayhead(time);
  }

  moved(time: number, branched: boolean): void {
    for (const plot of this.plots) plot.moved(time, branched);
    this.table.refresh(true);
  }

  resize(): void {
    for (const plot of this.plots) plot.resize();
  }

  /** The first plot's (tests read them). */
  get sampleCount(): number {
    return this.plots[0].sampleCount;
  }
  describe(): ReturnType<LivePlots['describe']> {
    return this.plots[0].describe();
  }

  /** Every plot's samples as one CSV: t, then each plot's columns (a quantity in two plots once). */
  csv(): string {
    return tableCsv(sampleTable(this.plots.map((plot) => plot.exported), 't (s)'));
  }

  /** The plots as one PNG data URL, one above the other on white, each with its legend under it. */
  png(): string {
    const blocks = this.plots.flatMap((plot) => (plot.canvas ? [{ canvas: plot.canvas, legend: plot.legend }] : []));
    return plotsPicture(blocks, window.devicePixelRatio || 1)?.toDataURL('image/png') ?? '';
  }
}
