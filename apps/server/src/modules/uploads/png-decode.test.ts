import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ADAM7 } from '../../lib/png';
import { makePng, encodePng, rgbaPng } from '../../test/fixtures/images';
import { decodePng, isSolidOnTransparent } from './png-decode';

const disc = (x: number, y: number) => (x - 30) ** 2 + (y - 30) ** 2 <= 24 ** 2;

describe('decodePng', () => {
  it('reverses all five filters of an RGBA image exactly', () => {
    const paint = (x: number, y: number): [number, number, number, number] => [
      (x * 7) & 255,
      (y * 13) & 255,
      (x * y) & 255,
      (x + y) & 255,
    ];
    const image = decodePng(rgbaPng(23, 17, paint));
    expect([image.width, image.height]).toEqual([23, 17]);
    for (const [x, y] of [
      [0, 0],
      [22, 0],
      [5, 9],
      [22, 16],
      [11, 4],
    ] as const) {
      expect([...image.pixels.subarray((y * 23 + x) * 4, (y * 23 + x) * 4 + 4)]).toEqual(paint(x, y));
    }
  });

  it('reads palettes with tRNS, grey + alpha, 16-bit RGB and 1-bit palettes', () => {
    const palette = encodePng(2, 1, [Buffer.from([0, 1])], {
      colorType: 3,
      palette: [
        [10, 20, 30],
        [200, 100, 50],
      ],
      trns: Buffer.from([0]),
    });
    expect([...decodePng(palette).pixels]).toEqual([10, 20, 30, 0, 200, 100, 50, 255]);
    const grey = encodePng(2, 1, [Buffer.from([9, 255, 90, 0])], { colorType: 4 });
    expect([...decodePng(grey).pixels]).toEqual([9, 9, 9, 255, 90, 90, 90, 0]);
    const rgb16 = encodePng(1, 1, [Buffer.from([0x12, 0x34, 0xab, 0xcd, 0xff, 0xff])], {
      colorType: 2,
      depth: 16,
    });
    expect([...decodePng(rgb16).pixels]).toEqual([0x12, 0xab, 0xff, 255]);
    const bits = Buffer.alloc(13);
    bits.writeUInt32BE(3, 0);
    bits.writeUInt32BE(1, 4);
    bits.set([1, 3, 0, 0, 0], 8);
    // hand-built 1-bit palette image: pixels 1, 0, 1
    const oneBit = makeRaw(
      bits,
      [
        [0, 0, 0],
        [255, 0, 0],
      ],
      Buffer.from([0, 0b10100000]),
    );
    expect([...decodePng(oneBit).pixels]).toEqual([255, 0, 0, 255, 0, 0, 0, 255, 255, 0, 0, 255]);
  });

  it('reads Adam7-interlaced images like the same image not interlaced', () => {
    const plain = decodePng(makePng(60, 60));
    const sameDisc = (x: number, y: number) =>
      (x - 30) ** 2 + (y - 30) ** 2 <= 26 ** 2 ? [255, 255, 255, 255] : [0, 0, 0, 0];
    const interlaced = decodePng(interlace(60, 60, sameDisc));
    expect(Buffer.from(interlaced.pixels).equals(Buffer.from(plain.pixels))).toBe(true);
    expect(isSolidOnTransparent(interlaced)).toBe(true);
  });

  it('throws on what is not a PNG', () => {
    expect(() => decodePng(Buffer.from('not a png at all, really not a png'))).toThrow();
    expect(() => decodePng(makePng(60, 60).subarray(0, 60))).toThrow();
  });
});

describe('isSolidOnTransparent', () => {
  it('accepts one colour on transparency, with anti-aliased edges', () => {
    expect(isSolidOnTransparent(decodePng(makePng(60, 60)))).toBe(true);
    const edged = rgbaPng(60, 60, (x, y) =>
      disc(x, y)
        ? [30, 115, 232, 255]
        : (x - 30) ** 2 + (y - 30) ** 2 <= 26 ** 2
          ? [28, 117, 230, 120]
          : [0, 0, 0, 0],
    );
    expect(isSolidOnTransparent(decodePng(edged))).toBe(true);
  });

  it('refuses two colours, an opaque background, and an empty image', () => {
    const two = rgbaPng(60, 60, (x, y) =>
      disc(x, y) ? (x < 30 ? [255, 0, 0, 255] : [0, 0, 255, 255]) : [0, 0, 0, 0],
    );
    expect(isSolidOnTransparent(decodePng(two))).toBe(false);
    const opaque = rgbaPng(60, 60, (x, y) => (disc(x, y) ? [255, 255, 255, 255] : [0, 0, 0, 255]));
    expect(isSolidOnTransparent(decodePng(opaque))).toBe(false);
    expect(isSolidOnTransparent(decodePng(rgbaPng(60, 60, () => [0, 0, 0, 0])))).toBe(false);
    expect(isSolidOnTransparent(decodePng(rgbaPng(60, 60, () => [9, 9, 9, 255])))).toBe(false);
    const farEdge = rgbaPng(60, 60, (x, y) =>
      disc(x, y) ? [255, 255, 255, 255] : x === 0 && y === 0 ? [0, 0, 0, 100] : [0, 0, 0, 0],
    );
    expect(isSolidOnTransparent(decodePng(farEdge))).toBe(false);
  });
});

function makeRaw(ihdr: Buffer, palette: Array<[number, number, number]>, scanlines: Buffer): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'latin1');
    return Buffer.concat([head, data, Buffer.alloc(4)]);
  };
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('PLTE', Buffer.from(palette.flat())),
    chunk('IDAT', deflateSync(scanlines)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** An RGBA Adam7-interlaced PNG (filter 0 rows) painted by `paint`. */
function interlace(width: number, height: number, paint: (x: number, y: number) => number[]): Buffer {
  const rows: Buffer[] = [];
  for (const [x0, y0, dx, dy] of ADAM7) {
    for (let y = y0; y < height; y += dy) {
      const px: number[] = [0];
      for (let x = x0; x < width; x += dx) px.push(...paint(x, y));
      if (px.length > 1) rows.push(Buffer.from(px));
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 6, 0, 0, 1], 8);
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'latin1');
    return Buffer.concat([head, data, Buffer.alloc(4)]);
  };
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
