import zlib from "node:zlib";

const crc32 = (buf: Buffer) => {
  let c = 0xffffffff;
  for (const b of buf) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  }
  return (c ^ 0xffffffff) >>> 0;
};

const chunk = (type: string, data: Buffer) => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const sum = Buffer.alloc(4);
  sum.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, sum]);
};

/**
 * An RGB PNG of `width`×`height` pixels coloured by `pixel(x, y)`, for upload tests (unit and e2e).
 * `level` is the deflate level: 0 stores the pixels as they are, as large as a camera's file;
 * `comment` adds a tEXt chunk.
 */
export function rgbPng(
  width: number,
  height: number,
  pixel: (x: number, y: number) => [number, number, number],
  { level, comment }: { level?: number; comment?: string } = {},
): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const stride = width * 3 + 1;
  const rows = Buffer.alloc(stride * height); // each row starts with filter 0 (none)
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const at = y * stride + 1 + x * 3;
      [rows[at], rows[at + 1], rows[at + 2]] = pixel(x, y);
    }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    ...(comment ? [chunk("tEXt", Buffer.from(`Comment\0${comment}`, "latin1"))] : []),
    chunk("IDAT", zlib.deflateSync(rows, { level })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}
