// Downloaded images drawn in place on the map: each image with a STAC sidecar is read with the
// viewer's decoder (the raster core, dist/raster.js, loaded with the first image), decimated from
// its overviews to at most 512 pixels on the long side, stretched like the viewer's first view,
// and reprojected onto the map's Web Mercator grid (mercator-warp.ts). An image the core cannot
// read (not a GeoTIFF, a projection other than EPSG:4326 or UTM) keeps only its footprint.
import type { ImagesMessage } from './protocol';
import { warpToMercator } from './mercator-warp';
import type { WarpedImage } from './mercator-warp';
import { drawOrder } from './image-draw-order';

type Raster = typeof import('../../../raster');

const IMAGES_LAYER_ID = 'images';
/** Images drawn at most: 24 quick-looks of 512² are 24 MB of RGBA in one message. */
const MAX_QUICK_LOOKS = 24;
const QUICK_LOOK_SIDE = 512;

export async function quickLook(
  core: Raster,
  path: string,
  maxSide = QUICK_LOOK_SIDE,
): Promise<(WarpedImage & { bands: number }) | undefined> {
  let raster;
  try {
    raster = await core.RasterFile.open(path);
  } catch {
    return undefined; // not a GeoTIFF the core reads: the footprint layer still shows where it is
  }
  try {
    const meta = raster.metadata;
    const targetWidth = Math.max(
      1,
      Math.round(
        meta.width >= meta.height
          ? Math.min(maxSide, meta.width)
          : (Math.min(maxSide, meta.height) * meta.width) / meta.height,
      ),
    );
    const grid = {
      width: meta.width,
      height: meta.height,
      toPixel: (lon: number, lat: number) => core.lonLatToPixel(meta, lon, lat),
      toLonLat: (c: number, r: number) => core.pixelToLonLat(meta, c, r),
    };
    grid.toLonLat(0, 0); // throws for a projection the core cannot place: no quick-look then
    const view = await core.renderView(raster, { targetWidth });
    return { ...warpToMercator(view, grid, maxSide), bands: meta.bandCount };
  } catch {
    return undefined;
  } finally {
    await raster.close();
  }
}

export interface ImageFile {
  /** Workspace-relative name (the layer's feature id). */
  name: string;
  /** File system path. */
  path: string;
  /** The acquisition date its STAC sidecar gives: the newest is drawn on top. */
  date?: string;
}

export async function imagesMessage(files: readonly ImageFile[]): Promise<ImagesMessage> {
  const images: ImagesMessage['images'] = [];
  if (files.length > 0) {
    // Loaded on first use, as the viewer does: a map without images never loads geotiff.js.
    const core = await import('../../../raster');
    const looks = [];
    for (const file of files.slice(0, MAX_QUICK_LOOKS)) {
      const look = await quickLook(core, file.path);
      if (look) looks.push({ ...look, name: file.name, date: file.date });
    }
    // Drawn in this order, the last on top (image-draw-order.ts says why).
    for (const look of drawOrder(looks))
      images.push({ key: look.name, width: look.width, height: look.height, rgba: look.rgba, extent: look.extent });
  }
  return { type: 'images', id: IMAGES_LAYER_ID, title: 'Downloaded images (drawn in place)', zIndex: 20, images };
}
