// One choice a question offers: what the person reads and the value it stands for. The request
// room builds them (projections, band expressions) without knowing who asks: a quick pick in VS
// Code, the command line's defaults, or nobody.
export interface PickItem<T> {
  label: string;
  description?: string;
  detail?: string;
  value: T;
}
