// The brand art (renderer/public/favicon.svg) rasterised without an image library, for the
// desktop icons (build/desktop/generate-icons.mjs) and the web app's icons
// (build/pwa/generate-icons.mjs). The SVG is small and flat — rects and one path of lines, cubic
// curves and arcs — so it is drawn here (scanline fill, 8 sub-rows per pixel, exact coverage
// across) and encoded with Node's zlib: same bytes on every run. Any SVG element it does not know
// stops the build with its name. See docs/desktop.md, "Build and package", and docs/design.md,
// "Renderer: installable app (PWA)".
import path from 'node:path';
import { deflateSync } from 'node:zlib';

export const BRAND_ART = path.resolve('renderer/public/favicon.svg');
const SUB_ROWS = 8;
const CURVE_STEPS = 48;

// ---- reading the SVG -------------------------------------------------------------------------

function attributes(tag) {
  const attrs = {};
  for (const [, name, value] of tag.matchAll(/([\w-]+)="([^"]*)"/g)) attrs[name] = value;
  return attrs;
}

function parseColor(value) {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value ?? '');
  if (!hex) return null;
  const h = hex[1].length === 3 ? [...hex[1]].map((c) => c + c).join('') : hex[1];
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16));
}

/** The SVG as a list of painted shapes: { contours: [[x, y][]], color: [r, g, b] }, in paint order. */
export function readSvg(text) {
  const viewBox = /viewBox="([^"]+)"/
    .exec(text)?.[1]
    .split(/[\s,]+/)
    .map(Number);
  if (!viewBox || viewBox.length !== 4) throw new Error(`${BRAND_ART}: needs a viewBox`);
  const shapes = [];
  for (const match of text.matchAll(/<(\w+)\b([^>]*)\/?>/g)) {
    const [, name, rest] = match;
    if (name === 'svg') continue;
    const a = attributes(rest);
    if (name === 'rect') {
      const [x, y, w, h, r] = ['x', 'y', 'width', 'height', 'rx'].map((k) => Number(a[k] ?? 0));
      const fill = parseColor(a.fill);
      if (fill) shapes.push({ contours: [roundedRect(x, y, w, h, r)], color: fill });
      const stroke = parseColor(a.stroke);
      const sw = Number(a['stroke-width'] ?? 1);
      if (stroke)
        shapes.push({
          contours: [
            roundedRect(x - sw / 2, y - sw / 2, w + sw, h + sw, r + sw / 2),
            roundedRect(x + sw / 2, y + sw / 2, w - sw, h - sw, Math.max(0, r - sw / 2)),
          ],
          color: stroke,
        });
    } else if (name === 'path') {
      if (a.stroke) throw new Error(`${BRAND_ART}: stroked paths are not supported`);
      const fill = parseColor(a.fill ?? '#000000');
      if (!fill) throw new Error(`${BRAND_ART}: unsupported fill "${a.fill}"`);
      shapes.push({ contours: flattenPath(a.d ?? ''), color: fill });
    } else {
      throw new Error(`${BRAND_ART}: the icon generator does not draw <${name}>`);
    }
  }
  return { viewBox, shapes };
}

function arcPoints(cx, cy, r, from, to, out) {
  for (let i = 0; i <= CURVE_STEPS / 4; i++) {
    const t = from + ((to - from) * i) / (CURVE_STEPS / 4);
    out.push([cx + r * Math.cos(t), cy + r * Math.sin(t)]);
  }
}

function roundedRect(x, y, w, h, r) {
  r = Math.min(r, w / 2, h / 2);
  const points = [];
  const q = Math.PI / 2;
  arcPoints(x + w - r, y + r, r, -q, 0, points);
  arcPoints(x + w - r, y + h - r, r, 0, q, points);
  arcPoints(x + r, y + h - r, r, q, 2 * q, points);
  arcPoints(x + r, y + r, r, 2 * q, 3 * q, points);
  return points;
}

/** SVG path data (M L H V C A Z, absolute or relative) as closed polygons. */
function flattenPath(d) {
  const tokens = d.match(/[a-zA-Z]|-?(?:\d+\.?\d*|\.\d+)(?:e-?\d+)?/g) ?? [];
  const contours = [];
  let current = null;
  let x = 0;
  let y = 0;
  let startX = 0;
  let startY = 0;
  let command = '';
  let i = 0;
  const num = () => {
    const value = Number(tokens[i++]);
    if (!Number.isFinite(value)) throw new Error(`${BRAND_ART}: bad path data near token ${i}`);
    return value;
  };
  while (i < tokens.length) {
    if (/[a-zA-Z]/.test(tokens[i])) command = tokens[i++];
    const rel = command === command.toLowerCase();
    const ox = rel ? x : 0;
    const oy = rel ? y : 0;
    switch (command.toUpperCase()) {
      case 'M':
        x = ox + num();
        y = oy + num();
        startX = x;
        startY = y;
        current = [[x, y]];
        contours.push(current);
        command = rel ? 'l' : 'L'; // further pairs are lines
        break;
      case 'L':
        x = ox + num();
        y = oy + num();
        current.push([x, y]);
        break;
      case 'H':
        x = ox + num();
        current.push([x, y]);
        break;
      case 'V':
        y = oy + num();
        current.push([x, y]);
        break;
      case 'C': {
        const [x1, y1, x2, y2, ex, ey] = [
          ox + num(),
          oy + num(),
          ox + num(),
          oy + num(),
          ox + num(),
          oy + num(),
        ];
        for (let s = 1; s <= CURVE_STEPS; s++) {
          const t = s / CURVE_STEPS;
          const u = 1 - t;
          current.push([
            u * u * u * x + 3 * u * u * t * x1 + 3 * u * t * t * x2 + t * t * t * ex,
            u * u * u * y + 3 * u * u * t * y1 + 3 * u * t * t * y2 + t * t * t * ey,
          ]);
        }
        x = ex;
        y = ey;
        break;
      }
      case 'A': {
        const [rx, ry, rotation, large, sweep] = [num(), num(), num(), num(), num()];
        const [ex, ey] = [ox + num(), oy + num()];
        for (const point of arc(x, y, rx, ry, rotation, large, sweep, ex, ey)) current.push(point);
        x = ex;
        y = ey;
        break;
      }
      case 'Z':
        x = startX;
        y = startY;
        break;
      default:
        throw new Error(`${BRAND_ART}: the icon generator does not draw path command "${command}"`);
    }
  }
  return contours;
}

/** An elliptical arc as points, by the endpoint-to-centre conversion of the SVG specification. */
function arc(x1, y1, rx, ry, rotation, large, sweep, x2, y2) {
  const phi = (rotation * Math.PI) / 180;
  const [cos, sin] = [Math.cos(phi), Math.sin(phi)];
  const dx = (x1 - x2) / 2;
  const dy = (y1 - y2) / 2;
  const x1p = cos * dx + sin * dy;
  const y1p = -sin * dx + cos * dy;
  rx = Math.abs(rx);
  ry = Math.abs(ry);
  const scale = Math.max(1, Math.sqrt((x1p * x1p) / (rx * rx) + (y1p * y1p) / (ry * ry)));
  rx *= scale;
  ry *= scale;
  const sign = large === sweep ? -1 : 1;
  const num = rx * rx * ry * ry - rx * rx * y1p * y1p - ry * ry * x1p * x1p;
  const coef = sign * Math.sqrt(Math.max(0, num / (rx * rx * y1p * y1p + ry * ry * x1p * x1p)));
  const cxp = (coef * rx * y1p) / ry;
  const cyp = (-coef * ry * x1p) / rx;
  const cx = cos * cxp - sin * cyp + (x1 + x2) / 2;
  const cy = sin * cxp + cos * cyp + (y1 + y2) / 2;
  const angle = (ux, uy, vx, vy) => Math.atan2(ux * vy - uy * vx, ux * vx + uy * vy);
  const theta = angle(1, 0, (x1p - cxp) / rx, (y1p - cyp) / ry);
  let delta = angle((x1p - cxp) / rx, (y1p - cyp) / ry, (-x1p - cxp) / rx, (-y1p - cyp) / ry);
  if (!sweep && delta > 0) delta -= 2 * Math.PI;
  if (sweep && delta < 0) delta += 2 * Math.PI;
  const points = [];
  for (let s = 1; s <= CURVE_STEPS; s++) {
    const t = theta + (delta * s) / CURVE_STEPS;
    const [px, py] = [rx * Math.cos(t), ry * Math.sin(t)];
    points.push([cos * px - sin * py + cx, sin * px + cos * py + cy]);
  }
  return points;
}

// ---- rasterising -----------------------------------------------------------------------------

/** Coverage (0..1) of each pixel by the contours, even-odd. */
function coverage(contours, size, scale, offsetX, offsetY) {
  const cover = new Float32Array(size * size);
  const edges = [];
  for (const contour of contours)
    for (let k = 0; k < contour.length; k++) {
      const [ax, ay] = contour[k];
      const [bx, by] = contour[(k + 1) % contour.length];
      if (ay !== by)
        edges.push([
          (ax - offsetX) * scale,
          (ay - offsetY) * scale,
          (bx - offsetX) * scale,
          (by - offsetY) * scale,
        ]);
    }
  const crossings = [];
  for (let row = 0; row < size; row++)
    for (let sub = 0; sub < SUB_ROWS; sub++) {
      const sy = row + (sub + 0.5) / SUB_ROWS;
      crossings.length = 0;
      for (const [ax, ay, bx, by] of edges)
        if ((ay <= sy && by > sy) || (by <= sy && ay > sy))
          crossings.push(ax + ((sy - ay) / (by - ay)) * (bx - ax));
      crossings.sort((p, q) => p - q);
      for (let c = 0; c + 1 < crossings.length; c += 2) {
        const from = Math.max(0, crossings[c]);
        const to = Math.min(size, crossings[c + 1]);
        for (let px = Math.floor(from); px < to; px++) {
          const covered = Math.min(to, px + 1) - Math.max(from, px);
          if (covered > 0) cover[row * size + px] += covered / SUB_ROWS;
        }
      }
    }
  return cover;
}

/**
 * The icon at `size` pixels as RGBA, the shapes painted in order with source-over. `art` (0..1,
 * default 1) is the share of the width the art's viewBox takes, centred; `background` ([r, g, b])
 * paints the whole square first, for icons that must be opaque (apple-touch-icon, maskable).
 */
export function render(svg, size, { art = 1, background = null } = {}) {
  const [vx, vy, vw, vh] = svg.viewBox;
  const scale = (size * art) / Math.max(vw, vh);
  // The viewBox point drawn at pixel 0, so the art sits in the middle of the square.
  const originX = vx - (size - vw * scale) / 2 / scale;
  const originY = vy - (size - vh * scale) / 2 / scale;
  const rgba = new Float32Array(size * size * 4);
  if (background) for (let p = 0; p < size * size; p++) rgba.set([...background, 1], p * 4);
  for (const shape of svg.shapes) {
    const cover = coverage(shape.contours, size, scale, originX, originY);
    for (let p = 0; p < size * size; p++) {
      const a = Math.min(1, cover[p]);
      if (a === 0) continue;
      const o = p * 4;
      const keep = 1 - a;
      for (let c = 0; c < 3; c++) rgba[o + c] = shape.color[c] * a + rgba[o + c] * keep;
      rgba[o + 3] = a + rgba[o + 3] * keep;
    }
  }
  // Colours were premultiplied while painting; store them straight, as PNG wants.
  const out = Buffer.alloc(size * size * 4);
  for (let p = 0; p < size * size; p++) {
    const alpha = rgba[p * 4 + 3];
    for (let c = 0; c < 3; c++) out[p * 4 + c] = alpha > 0 ? Math.round(rgba[p * 4 + c] / alpha) : 0;
    out[p * 4 + 3] = Math.round(alpha * 255);
  }
  return out;
}

// ---- encoding --------------------------------------------------------------------------------

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buffer) {
  let c = 0xffffffff;
  for (const byte of buffer) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

export function png(rgba, size) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bits per channel
  header[9] = 6; // RGBA
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let row = 0; row < size; row++)
    rgba.copy(raw, row * (size * 4 + 1) + 1, row * size * 4, (row + 1) * size * 4);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Windows .ico holding PNG images (supported since Vista). */
export function ico(images) {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, data }, n) => {
    const at = 6 + n * 16;
    header[at] = size >= 256 ? 0 : size;
    header[at + 1] = size >= 256 ? 0 : size;
    header.writeUInt16LE(1, at + 4);
    header.writeUInt16LE(32, at + 6);
    header.writeUInt32LE(data.length, at + 8);
    header.writeUInt32LE(offset, at + 12);
    offset += data.length;
  });
  return Buffer.concat([header, ...images.map((i) => i.data)]);
}

/** macOS .icns holding PNG images under their OSType codes. */
export function icns(entries) {
  const parts = entries.map(({ type, data }) => {
    const head = Buffer.alloc(8);
    head.write(type, 0, 'latin1');
    head.writeUInt32BE(data.length + 8, 4);
    return Buffer.concat([head, data]);
  });
  const head = Buffer.alloc(8);
  head.write('icns', 0, 'latin1');
  head.writeUInt32BE(8 + parts.reduce((sum, p) => sum + p.length, 0), 4);
  return Buffer.concat([head, ...parts]);
}
