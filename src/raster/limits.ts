// What a file may make the raster core spend (ARCHITECTURE.md, raster). A file declares its sizes;
// nothing is allocated or walked on a declaration beyond these, whatever the file says.

/** Directories (images, overviews, masks) walked in one file: GDAL's COGs use about 20. */
export const MAX_DIRECTORIES = 256;
/** Bands of one image: hyperspectral files have a few hundred. */
export const MAX_BANDS = 1024;
/** One decoded block (a tile or a strip): a one-strip 8000 × 8000 × 4 bytes image still opens. */
export const MAX_BLOCK_BYTES = 256 * 1024 * 1024;
/** Decoded blocks held at once by a view: a few large blocks, or many small ones. */
export const BLOCK_BYTES_IN_FLIGHT = 64 * 1024 * 1024;
/** Blocks requested at once however small they are (each one an open zlib stream). */
export const MAX_BLOCKS_IN_FLIGHT = 64;
/** Output samples of one view (all bands, Float32): 256 MiB. */
export const MAX_VIEW_SAMPLES = 64 * 1024 * 1024;
/** Blocks one view may read: a view of a huge file of tiny tiles with no overviews is refused. */
export const MAX_BLOCKS_PER_VIEW = 32 * 1024;
/** Characters of GDAL metadata text parsed (geotiff.js parses it once per band and once more). */
export const MAX_METADATA_WORK = 64 * 1024 * 1024;
