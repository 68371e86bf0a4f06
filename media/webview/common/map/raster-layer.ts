// Downloaded images drawn in place, as one layer (one toggle for all of them): each quick-look
// arrives as RGBA bytes already on the map's grid (EPSG:3857, see src/ui/webview/map/mercator-
// warp.ts), is put into a canvas once, and is drawn scaled into each frame's canvas. No image URL
// is involved, so the page's CSP needs no `data:` or `blob:` source for it.
import ImageLayer from 'ol/layer/Image';
import ImageCanvas from 'ol/source/ImageCanvas';
import { createEmpty, extend } from 'ol/extent';
import type { MapRaster } from './map-types';

interface Picture {
  key: string;
  canvas: HTMLCanvasElement;
  extent: [number, number, number, number];
}

function pictureOf(raster: MapRaster): Picture | undefined {
  if (raster.width <= 0 || raster.height <= 0 || raster.rgba.length !== raster.width * raster.height * 4)
    return undefined;
  const canvas = document.createElement('canvas');
  canvas.width = raster.width;
  canvas.height = raster.height;
  const pixels = new Uint8ClampedArray(raster.rgba.buffer, raster.rgba.byteOffset, raster.rgba.byteLength);
  canvas.getContext('2d')?.putImageData(new ImageData(pixels, raster.width, raster.height), 0, 0);
  return { key: raster.key, canvas, extent: raster.extent };
}

/** The layer's property `keys` lists the images drawn, in order (MapView.featureIds reads it). */
export function rasterLayer(
  id: string,
  rasters: readonly MapRaster[],
): { layer: ImageLayer<ImageCanvas>; count: number } {
  const pictures = rasters.map(pictureOf).filter((p): p is Picture => p !== undefined);
  const extent = createEmpty();
  for (const picture of pictures) extend(extent, picture.extent);
  const source = new ImageCanvas({
    ratio: 1,
    canvasFunction: (view, resolution, pixelRatio, size) => {
      const canvas = document.createElement('canvas');
      canvas.width = Math.round(size[0]);
      canvas.height = Math.round(size[1]);
      const context = canvas.getContext('2d');
      if (!context) return canvas;
      // Quick-look pixels stay square when zoomed in: smoothing would invent detail.
      context.imageSmoothingEnabled = false;
      const k = pixelRatio / resolution;
      for (const {
        canvas: picture,
        extent: [minX, minY, maxX, maxY],
      } of pictures) {
        if (maxX < view[0] || minX > view[2] || maxY < view[1] || minY > view[3]) continue;
        context.drawImage(picture, (minX - view[0]) * k, (view[3] - maxY) * k, (maxX - minX) * k, (maxY - minY) * k);
      }
      return canvas;
    },
  });
  return {
    layer: new ImageLayer({
      source,
      extent: pictures.length > 0 ? extent : undefined,
      properties: { id, keys: pictures.map((p) => p.key) },
    }),
    count: pictures.length,
  };
}
