import sharp from 'sharp';

export type ImageFormat = 'png' | 'jpg' | 'gif' | 'webp';

/** Larger pictures are refused before they are decoded: a small file can inflate to gigabytes of pixels. */
export const MAX_INPUT_PIXELS = 24_000_000;

/**
 * The kind of image by its first bytes. Only these four reach the decoder: libvips reads many more
 * (SVG, TIFF, PDF, HEIF), and none of those is wanted from an upload.
 */
export function sniffImage(buf: Buffer): ImageFormat | null {
  if (
    buf.length >= 8 &&
    buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'png';
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpg';
  const head = buf.subarray(0, 6).toString('latin1');
  if (head === 'GIF87a' || head === 'GIF89a') return 'gif';
  if (
    buf.length >= 12 &&
    buf.subarray(0, 4).toString('latin1') === 'RIFF' &&
    buf.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'webp';
  return null;
}

const SHARP_FORMAT: Record<ImageFormat, string> = { png: 'png', jpg: 'jpeg', gif: 'gif', webp: 'webp' };

export type ReencodeResult =
  | { ok: true; data: Buffer; format: ImageFormat; width: number; height: number }
  | { ok: false; reason: 'not-an-image' | 'too-many-pixels' };

/**
 * Decodes the whole picture and encodes it afresh, in its own format and at most `maxSide` pixels
 * on a side. What is stored is only pixels the decoder produced: a header followed by HTML, a
 * polyglot with a script after the image, a truncated file or a corrupt one is refused or shed,
 * and metadata (EXIF with GPS position, comments) is dropped. Orientation is applied first, so a
 * photo taken sideways stays upright. An animated GIF or WebP keeps its first frame.
 */
export async function reencodeImage(data: Buffer, opts: { maxSide: number }): Promise<ReencodeResult> {
  const format = sniffImage(data);
  if (!format) return { ok: false, reason: 'not-an-image' };
  try {
    // failOn 'warning': a truncated or corrupt file is an error, not a half-grey picture.
    const input = sharp(data, { failOn: 'warning', limitInputPixels: MAX_INPUT_PIXELS, animated: false });
    const meta = await input.metadata();
    if (meta.format !== SHARP_FORMAT[format]) return { ok: false, reason: 'not-an-image' };
    const pipeline = input
      .rotate()
      .resize({ width: opts.maxSide, height: opts.maxSide, fit: 'inside', withoutEnlargement: true });
    const encoded =
      format === 'png'
        ? pipeline.png()
        : format === 'jpg'
          ? pipeline.jpeg({ quality: 85 })
          : format === 'webp'
            ? pipeline.webp({ quality: 85 })
            : pipeline.gif();
    const { data: out, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { ok: true, data: out, format, width: info.width, height: info.height };
  } catch (error) {
    const message = error instanceof Error ? error.message : '';
    if (/pixel limit/i.test(message)) return { ok: false, reason: 'too-many-pixels' };
    return { ok: false, reason: 'not-an-image' };
  }
}
