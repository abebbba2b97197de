// Card backs: each deck's gradient, back pattern and accent, with a framed monogram in the centre.
const W = 250;
const H = 350;

function pattern(kind, accent) {
  const a = `stroke="${accent}" stroke-opacity="0.35" fill="none" stroke-width="3"`;
  switch (kind) {
    case 'stars':
      return `<pattern id="p" width="40" height="40" patternUnits="userSpaceOnUse"><path d="M20 6l4 10h10l-8 6 3 10-9-6-9 6 3-10-8-6h10z" fill="${accent}" fill-opacity="0.3"/></pattern>`;
    case 'chevrons':
      return `<pattern id="p" width="40" height="24" patternUnits="userSpaceOnUse"><path d="M0 18l20-12 20 12" ${a}/></pattern>`;
    case 'diamonds':
      return `<pattern id="p" width="30" height="30" patternUnits="userSpaceOnUse"><path d="M15 2l13 13-13 13L2 15z" ${a}/></pattern>`;
    case 'waves':
      return `<pattern id="p" width="60" height="24" patternUnits="userSpaceOnUse"><path d="M0 12q15-12 30 0t30 0" ${a}/></pattern>`;
    case 'dots':
      return `<pattern id="p" width="22" height="22" patternUnits="userSpaceOnUse"><circle cx="11" cy="11" r="4" fill="${accent}" fill-opacity="0.35"/></pattern>`;
    case 'grid':
      return `<pattern id="p" width="26" height="26" patternUnits="userSpaceOnUse"><path d="M26 0H0v26" ${a}/></pattern>`;
    case 'pixels':
      return `<pattern id="p" width="24" height="24" patternUnits="userSpaceOnUse"><rect width="8" height="8" fill="${accent}" fill-opacity="0.35"/><rect x="12" y="12" width="8" height="8" fill="${accent}" fill-opacity="0.2"/></pattern>`;
    case 'scales':
      return `<pattern id="p" width="30" height="20" patternUnits="userSpaceOnUse"><path d="M0 20a15 15 0 0 1 30 0M-15 10a15 15 0 0 1 30 0M15 10a15 15 0 0 1 30 0" ${a}/></pattern>`;
    default: // kente: woven bands
      return `<pattern id="p" width="48" height="48" patternUnits="userSpaceOnUse"><rect width="48" height="10" y="0" fill="${accent}" fill-opacity="0.35"/><rect width="10" height="48" x="19" fill="${accent}" fill-opacity="0.22"/><rect width="48" height="4" y="30" fill="#000" fill-opacity="0.25"/></pattern>`;
  }
}

export function back(st) {
  const { main: c1, dark: c2, accent, pattern: kind } = st;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c1}"/><stop offset="1" stop-color="${c2}"/></linearGradient>${pattern(kind, accent)}</defs>
<rect x="2" y="2" width="${W - 4}" height="${H - 4}" rx="16" fill="#fbf7ec"/>
<rect x="12" y="12" width="${W - 24}" height="${H - 24}" rx="10" fill="url(#g)"/>
<rect x="12" y="12" width="${W - 24}" height="${H - 24}" rx="10" fill="url(#p)"/>
<rect x="22" y="22" width="${W - 44}" height="${H - 44}" rx="7" fill="none" stroke="${accent}" stroke-opacity="0.7" stroke-width="2"/>
<path d="M125 125L175 175 125 225 75 175Z" fill="${c2}" stroke="${accent}" stroke-width="3"/>
<path d="M125 141L159 175 125 209 91 175Z" fill="none" stroke="${accent}" stroke-opacity="0.6" stroke-width="1.5"/>
<text x="${W / 2}" y="${H / 2 + 12}" text-anchor="middle" font-family="Georgia,'DejaVu Serif',serif" font-size="34" font-weight="700" fill="${accent}">S</text>
</svg>
`;
}
