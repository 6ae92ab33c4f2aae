// The image formats uploaded images are thumbnailed into (Zulip's THUMBNAIL_OUTPUT_FORMATS),
// as /register's server_thumbnail_formats lists them and /user_uploads/thumbnail/ serves them.

export interface ThumbnailFormat {
  /** the last path component of a thumbnail URL */
  name: string;
  maxWidth: number;
  maxHeight: number;
  format: "webp";
  animated: boolean;
}

const format = (maxWidth: number, maxHeight: number, animated: boolean): ThumbnailFormat => ({
  name: `${maxWidth}x${maxHeight}${animated ? "-anim" : ""}.webp`,
  maxWidth,
  maxHeight,
  format: "webp",
  animated,
});

/** Large enough that clients which do not know thumbnails (mobile apps) still get a sharp image. */
export const THUMBNAIL_FORMATS: ThumbnailFormat[] = [format(840, 560, true), format(840, 560, false)];

export const thumbnailFormat = (name: string): ThumbnailFormat | undefined => THUMBNAIL_FORMATS.find((f) => f.name === name);
