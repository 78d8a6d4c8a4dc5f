// Draws the app's install icons (public/icons/icon-192.png, icon-512.png) from the favicon's shapes, with no image
// library: a full-bleed background (so the maskable crop never shows a corner) and the mark inside the central 80 %
// safe zone. Run with `node scripts/make-icons.mjs` after changing the mark; the PNGs are committed.
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const GREEN = [4, 120, 87];
const WHITE = [255, 255, 255];
const AMBER = [251, 191, 36];

/** The favicon's shapes, in its 32-unit box: a cart body (trapezoid) and two wheels. */
function colourAt(x, y) {
  for (const [cx, cy] of [
    [12, 22],
    [20, 22],
  ])
    if ((x - cx) ** 2 + (y - cy) ** 2 <= 4) return AMBER;
  if (y >= 12 && y <= 20) {
    const inset = (20 - y) / 4; // the sides lean in by 2 units over the body's 8-unit height
    if (x >= 9 + inset && x <= 23 - inset) return WHITE;
  }
  return GREEN;
}

function png(size) {
  const samples = 4; // 4×4 supersampling smooths the edges
  const rows = [];
  for (let py = 0; py < size; py++) {
    const row = Buffer.alloc(1 + size * 3);
    for (let px = 0; px < size; px++) {
      const sum = [0, 0, 0];
      for (let sy = 0; sy < samples; sy++)
        for (let sx = 0; sx < samples; sx++) {
          const c = colourAt(((px + (sx + 0.5) / samples) * 32) / size, ((py + (sy + 0.5) / samples) * 32) / size);
          for (let i = 0; i < 3; i++) sum[i] += c[i];
        }
      for (let i = 0; i < 3; i++) row[1 + px * 3 + i] = Math.round(sum[i] / samples ** 2);
    }
    rows.push(row);
  }
  const chunk = (type, data) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function crc32(bytes) {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

for (const size of [192, 512]) writeFileSync(new URL(`../public/icons/icon-${size}.png`, import.meta.url), png(size));
