// Where the table goes: beside the chart when the panel holds the field list, a chart of at least
// CHART_MIN px and every column of the table at its natural width; under the chart otherwise, across
// the whole panel. A fixed breakpoint cut the table off: at 1050 px (a 1280 px window with the side
// bar at its narrowest) the table beside the chart lost its last column, "valid", past the panel's
// right edge. The table's width depends on its fields' names and values, so it is measured.
const CHART_MIN = 400;

export class TablePlacement {
  /** The width the table side needs for every column: the table's own, its border and scrollbar. */
  private sideWidth = 0;

  constructor(
    /** The grid of the field list, the chart and the table side (`stats-stacked` puts the side under). */
    private readonly body: HTMLElement,
    private readonly fields: HTMLElement,
    private readonly side: HTMLElement,
  ) {
    new ResizeObserver(() => this.place()).observe(body);
  }

  /** Measures `table` (just drawn in the side) at its natural width, then places the side. */
  measure(table: HTMLElement): void {
    table.style.width = 'max-content'; // through the CSSOM: the page's CSP refuses style attributes
    const natural = table.getBoundingClientRect().width;
    table.style.width = '';
    this.sideWidth = natural + this.side.offsetWidth - this.side.clientWidth;
    this.place();
  }

  private place(): void {
    const beside = this.fields.offsetWidth + CHART_MIN + this.sideWidth <= this.body.clientWidth;
    this.body.classList.toggle('stats-stacked', !beside);
  }
}
