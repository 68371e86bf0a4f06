// The composite options of the command line, as the workflows name them.
import type { OptionReader } from '../args';
import type { CompositeChoices } from '../../workflows/composite/composite-prompts';

export interface CompositeCliOptions extends CompositeChoices {
  from?: string;
  to?: string;
}

export function compositeOptions(o: OptionReader): CompositeCliOptions {
  const options: CompositeCliOptions = {
    model: o.string('model'),
    satelliteConstellations: o.list('satellite-constellations'),
    date: o.day('date'),
    from: o.day('from'),
    to: o.day('to'),
    epsgProjection: o.number('epsg-projection', { integer: true, min: 1 }),
    resolution: o.number('resolution', { integer: true, min: 1 }),
    bandnames: o.string('bandnames'),
  };
  // Keys left undefined count as "not given" for the workflows' prompt state.
  return Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)) as CompositeCliOptions;
}
