// The graticule and its labels in the theme's colours: the text in the theme's foreground with a
// halo of the editor's background (OpenLayers' default is black on a white halo, which glares on a
// dark theme), the longitudes a few pixels above the bottom edge (at the edge their halo and
// descenders were cut off), the latitudes at the right edge. The scale bar sits above the
// longitudes' row (map.css), so it hides none of them.
import Graticule from 'ol/layer/Graticule';
import { Fill, Stroke, Text } from 'ol/style';
import type { MapColours } from './map-colours';

/** Pixels between the bottom edge and the longitude labels' baseline. */
const LON_LABEL_LIFT = 4;

export function graticuleLayer(colours: MapColours): Graticule {
  const label = (align: Partial<ConstructorParameters<typeof Text>[0]>) =>
    new Text({
      font: '11px sans-serif',
      fill: new Fill({ color: colours.foreground }),
      stroke: new Stroke({ color: colours.background, width: 3 }),
      ...align,
    });
  // Cells of about 180 px: a longitude label (10° 06' 05" E) is about 90 px wide, and at the
  // default 100 px the labels ran into each other along the bottom.
  return new Graticule({
    strokeStyle: new Stroke({ color: colours.graticule, width: 1 }),
    showLabels: true,
    lonLabelStyle: label({ textBaseline: 'bottom', offsetY: -LON_LABEL_LIFT }),
    latLabelStyle: label({ textAlign: 'right', offsetX: -3 }),
    targetSize: 180,
    wrapX: false,
    zIndex: -10,
    properties: { id: 'graticule' },
  });
}
