import { createTheme, type MantineColorsTuple } from '@mantine/core';

/** Primary: warm kente gold. */
const spar: MantineColorsTuple = [
  '#fff8e1',
  '#ffefc2',
  '#ffe08a',
  '#ffd04f',
  '#ffc224',
  '#ffb80a',
  '#f0a800',
  '#d69500',
  '#be8300',
  '#a36f00',
];

/** Accent: table-felt emerald. */
const accent: MantineColorsTuple = [
  '#e3fbf4',
  '#c4f2e4',
  '#8ee5cb',
  '#56d8b1',
  '#2ccd9c',
  '#14c68f',
  '#00b37f',
  '#009f70',
  '#008d62',
  '#007a53',
];

/** Dark surfaces with a green undertone, like a card room at night. */
const dark: MantineColorsTuple = [
  '#d3ddd9',
  '#aebbb6',
  '#8a9a94',
  '#5f716a',
  '#3a4a44',
  '#26332e',
  '#1a2521',
  '#131c19',
  '#0e1613',
  '#090f0d',
];

export const theme = createTheme({
  primaryColor: 'spar',
  primaryShade: 6,
  colors: { spar, accent, dark },
  defaultRadius: 'md',
  // The device's own UI font (Roboto, San Francisco, Segoe UI): nothing to download on a first
  // visit (docs/design.md, "Renderer: the first-visit budget").
  fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  headings: {
    fontFamily: "'Cinzel', Georgia, serif",
    fontWeight: '700',
  },
  other: {
    accentColor: 'accent',
  },
});
