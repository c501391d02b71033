// The table of values in the plot panel: the plotted quantities at a time step the teacher
// chooses (plots/value_table.ts), numbers in the page's language, scrolling inside the panel,
// and its CSV download ('.' decimals, units in the header).
import { onLanguageChange, t } from '../i18n/i18n';
import { formatTime, formatValue } from './plot_numbers';
import { tableCsv, valueTable, type TableSource, type ValueTable } from './value_table';

const DEFAULT_STEP = 0.1;
/** The table is rebuilt at most this often while the simulation runs (it is read, not watched). */
const REFRESH_MS = 250;

function labelled<K extends keyof HTMLElementTagNameMap>(tag: K, key: string, attributes: Record<string, string> = {}): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  element.textContent = t(key);
  element.setAttribute('data-i18n', key);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  return element;
}

export class PlotTableView {
  private readonly step: HTMLInputElement;
  private readonly table = document.createElement('table');
  private readonly empty = labelled('p', 'plots.tableEmpty', { class: 'plot-table-empty' });
  private lastBuilt = -Infinity;
  private current: ValueTable = { header: [], rows: [] };

  constructor(
    private readonly host: HTMLElement,
    private readonly toggle: HTMLButtonElement,
    private readonly sources: () => TableSource[],
  ) {
    const label = labelled('label', 'plots.tableStep');
    label.setAttribute('data-i18n-title', 'plots.tableStepTitle');
    label.title = t('plots.tableStepTitle');
    this.step = document.createElement('input');
    Object.assign(this.step, { type: 'number', min: '0.001', step: '0.001', value: String(DEFAULT_STEP), id: 'plot-table-step' });
    label.htmlFor = this.step.id;
    const csv = labelled('button', 'plots.tableCsv', { type: 'button', id: 'plot-table-csv', 'data-i18n-title': 'plots.tableCsvTitle' });
    csv.title = t('plots.tableCsvTitle');
    csv.addEventListener('click', () => this.download());
    const controls = document.createElement('div');
    controls.className = 'plot-table-controls';
    controls.append(label, this.step, csv);
    const scroller = document.createElement('div');
    scroller.className = 'plot-table-scroll';
    scroller.tabIndex = 0; // a keyboard scrolls it too
    scroller.append(this.table, this.empty);
    host.append(controls, scroller);
    this.step.addEventListener('change', () => this.refresh(true));
    toggle.addEventListener('click', () => this.show(host.hidden));
    onLanguageChange(() => this.refresh(true));
  }

  get visible(): boolean {
    return !this.host.hidden;
  }

  show(visible: boolean): void {
    this.host.hidden = !visible;
    this.toggle.setAttribute('aria-pressed', String(visible));
    this.refresh(true);
  }

  /** The step between rows in seconds (the field's, when it is a positive number). */
  get stepSeconds(): number {
    const step = Number(this.step.value);
    return Number.isFinite(step) && step > 0 ? step : DEFAULT_STEP;
  }

  /** Rebuilds the table when shown (at most every REFRESH_MS unless `force`). */
  refresh(force = false): void {
    if (!this.visible) return;
    const now = performance.now();
    // A long table (a fine step) is rebuilt less often: its cost grows with its rows.
    if (!force && now - this.lastBuilt < REFRESH_MS * Math.max(1, this.current.rows.length / 500)) return;
    this.lastBuilt = now;
    this.current = valueTable(this.sources(), this.stepSeconds, t('plots.time'));
    this.render(this.current);
  }

  /** The table as CSV ('.' decimals whatever the language). */
  csv(): string {
    return tableCsv(valueTable(this.sources(), this.stepSeconds, 't (s)'));
  }

  private render({ header, rows }: ValueTable): void {
    const head = document.createElement('thead');
    const titles = document.createElement('tr');
    for (const text of header) {
      const th = document.createElement('th');
      th.scope = 'col';
      th.textContent = text;
      titles.append(th);
    }
    head.append(titles);
    const body = document.createElement('tbody');
    for (const row of rows) {
      const tr = document.createElement('tr');
      row.forEach((value, column) => {
        const td = document.createElement('td');
        td.dataset.value = String(value);
        td.textContent = column === 0 ? formatTime(value) : formatValue(value);
        tr.append(td);
      });
      body.append(tr);
    }
    this.table.replaceChildren(head, body);
    this.empty.hidden = rows.length > 0;
  }

  private download(): void {
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([this.csv()], { type: 'text/csv' }));
    link.download = 'featherweight-table.csv';
    link.click();
    URL.revokeObjectURL(link.href);
  }
}
