// The look of every deck folder of shared/decks.ts (tests/docs/decks.test.ts checks the list):
// [folder, main colour, dark colour, accent, back pattern, court frame].
// The main colour dresses the court figures and borders the cards, the accent trims them; the
// back pattern also embroiders the courts' robes; the frame is the court picture's outline.
const DECKS = [
  ['arabian-knights', '#5b1a2e', '#2b0b16', '#e8b04a', 'stars', 'arch'],
  ['blades-of-time', '#1d2b3a', '#0b1118', '#9fc3e0', 'chevrons', 'notched'],
  ['blue-back', '#1f4e9c', '#0f2a5c', '#f2f5fb', 'diamonds', 'line'],
  ['cataclysm', '#6b1d0f', '#230905', '#ff8a3d', 'waves', 'notched'],
  ['classic', '#8c1c1c', '#4a0c0c', '#f6efe0', 'diamonds', 'line'],
  ['daring-rosy-gardens', '#a43a5e', '#52152b', '#ffd1dc', 'dots', 'arch'],
  ['default', '#0f6b50', '#08392b', '#f0a800', 'kente', 'double'],
  ['emporor201605', '#3d2a6b', '#1a1033', '#e6c36a', 'stars', 'ornate'],
  ['enchantered-corners', '#265c4f', '#0f2a23', '#b8f0d8', 'dots', 'ornate'],
  ['faceless-emissary', '#2e2e38', '#121218', '#c9c9d6', 'grid', 'line'],
  ['glaciers-of-light', '#5fa8c9', '#1d4d66', '#eefaff', 'chevrons', 'notched'],
  ['grey20wyvern', '#4b5057', '#1f2226', '#d7dbe0', 'waves', 'double'],
  ['incarnate', '#7a1f5c', '#2e0a22', '#ffb3e6', 'diamonds', 'arch'],
  ['jolly-blinds', '#c4612a', '#6b2a0c', '#ffe3b8', 'grid', 'double'],
  ['order-of-the-robed-king', '#4a2c12', '#1e1206', '#f0c86a', 'kente', 'ornate'],
  ['orthodoxy', '#1c3f2e', '#0a1a12', '#e8d9a8', 'grid', 'arch'],
  ['pixel-city', '#262b6b', '#0c0e2e', '#5ff2e8', 'pixels', 'pixel'],
  ['quintessential-planes', '#47306b', '#1c1030', '#c8b8ff', 'chevrons', 'notched'],
  ['rage', '#9c1010', '#3a0404', '#ffb000', 'waves', 'notched'],
  ['revering-blinds', '#6b5a2a', '#2e250c', '#fff0c0', 'dots', 'double'],
  ['rome', '#7a2222', '#3a0e0e', '#e9c46a', 'kente', 'arch'],
  ['scales-of-the-white-order', '#d8d8d0', '#8a8a80', '#2a2a2a', 'scales', 'ornate'],
  ['test-2', '#3a3a3a', '#1a1a1a', '#00d0a0', 'grid', 'line'],
  ['twilight-deeps-of-obuasi', '#1b2a4e', '#070c1c', '#f2a541', 'kente', 'double'],
];

const SKINS = ['#8d5524', '#c68642', '#5c3a1e', '#e0ac69', '#a86b3c'];
const GOLD = '#e2b13c';

/** Relative luminance of a #rrggbb colour, 0 (black) to 1 (white). */
export function luminance(hex) {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Mixes two #rrggbb colours: t = 0 gives a, 1 gives b. */
export function mix(a, b, t) {
  const channel = (hex, i) => parseInt(hex.slice(i, i + 2), 16);
  return `#${[1, 3, 5]
    .map((i) => Math.round(channel(a, i) * (1 - t) + channel(b, i) * t))
    .map((v) => v.toString(16).padStart(2, '0'))
    .join('')}`;
}

/** Every deck's style: colours for the back and for the court figures. */
export const STYLES = DECKS.map(([folder, main, dark, accent, pattern, frame], i) => {
  // A pale accent (white, ice) cannot trim a robe on white stock: gold does instead.
  const trim = luminance(accent) > 0.6 || luminance(accent) < 0.05 ? GOLD : accent;
  // A pale main colour (the white order) dresses the figures in its dark shade instead.
  const robe = luminance(main) > 0.45 ? dark : main;
  return {
    folder,
    main,
    dark,
    accent,
    pattern,
    frame,
    robe,
    trim,
    robe2: mix(robe, '#ffffff', 0.55),
    ground: mix(main, '#ffffff', 0.9),
    skin: SKINS[i % SKINS.length],
    hair: i % 3 === 2 ? '#6b3b1a' : '#1c1410',
  };
});
