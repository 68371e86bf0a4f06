// The one way a basemap source takes the features of a file it asked for: added when they come,
// and on a failure the extent is forgotten, so the view may ask for it again later (a missing
// file leaves that part of the basemap blank, never an error on the page).
import type Feature from 'ol/Feature';
import type VectorSource from 'ol/source/Vector';
import type { Extent } from 'ol/extent';

export function loadInto(
  source: VectorSource,
  extent: Extent,
  features: Promise<Feature[]>,
  success?: (features: Feature[]) => void,
  failure?: () => void,
): void {
  features
    .then((loaded) => {
      source.addFeatures(loaded);
      success?.(loaded);
    })
    .catch(() => {
      source.removeLoadedExtent(extent);
      failure?.();
    });
}
