import zlib from 'node:zlib';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ImageFormat, reencodeImage } from './images.ts';

const images = {} as Record<ImageFormat, Buffer>;

beforeAll(async () => {
  const base = sharp({
    create: { width: 40, height: 30, channels: 3, background: { r: 200, g: 30, b: 60 } },
  });
  images.png = await base.clone().png().toBuffer();
  images.jpg = await base
    .clone()
    .jpeg()
    .withExif({ IFD0: { Copyright: 'me' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' } })
    .toBuffer();
  images.gif = await base.clone().gif().toBuffer();
  images.webp = await base.clone().webp().toBuffer();
});

/** A PNG chunk with its length and CRC, to build files a decoder would meet in the wild. */
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

describe('re-encoding an uploaded image', () => {
  for (const format of ['png', 'jpg', 'gif', 'webp'] as const) {
    it(`re-encodes a ${format} in its own format, at most the given size`, async () => {
      const result = await reencodeImage(images[format], { maxSide: 16 });
      expect(result).toMatchObject({ ok: true, format, width: 16, height: 12 });
      if (!result.ok) return;
      const meta = await sharp(result.data).metadata();
      expect(meta.format).toBe(format === 'jpg' ? 'jpeg' : format);
    });

    it(`refuses a ${format} cut in half`, async () => {
      const cut = images[format].subarray(0, Math.floor(images[format].length / 2));
      expect(await reencodeImage(cut, { maxSide: 16 })).toEqual({ ok: false, reason: 'not-an-image' });
    });
  }

  it('refuses a PNG signature followed by HTML', async () => {
    const fake = Buffer.concat([images.png.subarray(0, 8), Buffer.from('<html><script>alert(1)</script>')]);
    expect(await reencodeImage(fake, { maxSide: 16 })).toEqual({ ok: false, reason: 'not-an-image' });
  });

  it('sheds a script appended to a real image (a polyglot)', async () => {
    const polyglot = Buffer.concat([images.png, Buffer.from('<script>alert(1)</script>')]);
    const result = await reencodeImage(polyglot, { maxSide: 16 });
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.data.includes('<script')).toBe(false);
  });

  it('drops EXIF metadata such as the GPS position', async () => {
    expect((await sharp(images.jpg).metadata()).exif).toBeDefined();
    const result = await reencodeImage(images.jpg, { maxSide: 64 });
    expect(result.ok).toBe(true);
    if (result.ok) expect((await sharp(result.data).metadata()).exif).toBeUndefined();
  });

  it('refuses a small file that claims a huge picture, before decoding it', async () => {
    const ihdr = Buffer.alloc(13);
    ihdr.writeUInt32BE(100_000, 0);
    ihdr.writeUInt32BE(100_000, 4);
    ihdr[8] = 8; // bit depth
    ihdr[9] = 2; // truecolour
    const bomb = Buffer.concat([
      images.png.subarray(0, 8),
      chunk('IHDR', ihdr),
      chunk('IDAT', zlib.deflateSync(Buffer.alloc(1000))),
      chunk('IEND', Buffer.alloc(0)),
    ]);
    expect(await reencodeImage(bomb, { maxSide: 16 })).toEqual({ ok: false, reason: 'too-many-pixels' });
  });

  it('never hands other formats to the decoder (SVG, text)', async () => {
    for (const data of [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), Buffer.from('hello')]) {
      expect(await reencodeImage(data, { maxSide: 16 })).toEqual({ ok: false, reason: 'not-an-image' });
    }
  });
});
