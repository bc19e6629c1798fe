/**
 * Demo product photos drawn locally: an SVG (category colour, a simple
 * shape per category and the product's initials) rendered to PNG by sharp,
 * then uploaded through the same photo pipeline as a seller's photos.
 */
import sharp from 'sharp';

const SHAPES: Record<string, string> = {
  'phones-tablets':
    '<rect x="330" y="170" width="340" height="600" rx="48" fill="#fff" opacity="0.9"/><rect x="360" y="230" width="280" height="460" rx="12" fill="currentColor" opacity="0.35"/>',
  computers:
    '<rect x="220" y="230" width="560" height="360" rx="20" fill="#fff" opacity="0.9"/><rect x="160" y="600" width="680" height="50" rx="20" fill="#fff" opacity="0.75"/>',
  electronics:
    '<circle cx="500" cy="450" r="230" fill="#fff" opacity="0.9"/><circle cx="500" cy="450" r="120" fill="currentColor" opacity="0.35"/>',
  accessories: '<circle cx="500" cy="450" r="220" fill="none" stroke="#fff" stroke-width="60" opacity="0.9"/>',
  books:
    '<rect x="280" y="200" width="440" height="520" rx="16" fill="#fff" opacity="0.9"/><rect x="320" y="260" width="360" height="30" fill="currentColor" opacity="0.4"/><rect x="320" y="320" width="300" height="30" fill="currentColor" opacity="0.4"/>',
  stationery: '<rect x="460" y="160" width="80" height="520" rx="20" fill="#fff" opacity="0.9" transform="rotate(30 500 450)"/>',
  clothing:
    '<path d="M340 220 L420 180 Q500 250 580 180 L660 220 L760 340 L680 400 L650 360 L650 720 L350 720 L350 360 L320 400 L240 340 Z" fill="#fff" opacity="0.9"/>',
  shoes:
    '<path d="M220 560 Q240 420 380 430 L520 470 Q640 500 760 560 Q790 640 700 650 L260 650 Q210 640 220 560 Z" fill="#fff" opacity="0.9"/>',
  beauty:
    '<rect x="420" y="300" width="160" height="400" rx="30" fill="#fff" opacity="0.9"/><rect x="450" y="220" width="100" height="90" rx="10" fill="#fff" opacity="0.75"/>',
  'hostel-essentials':
    '<rect x="220" y="420" width="560" height="200" rx="30" fill="#fff" opacity="0.9"/><rect x="260" y="340" width="200" height="100" rx="30" fill="#fff" opacity="0.75"/>',
  'food-snacks':
    '<ellipse cx="500" cy="500" rx="280" ry="160" fill="#fff" opacity="0.9"/><ellipse cx="500" cy="470" rx="200" ry="90" fill="currentColor" opacity="0.3"/>',
  sports:
    '<circle cx="500" cy="450" r="240" fill="#fff" opacity="0.9"/><polygon points="500,360 585,420 555,520 445,520 415,420" fill="currentColor" opacity="0.5"/>',
  services:
    '<rect x="260" y="260" width="480" height="380" rx="30" fill="#fff" opacity="0.9"/><path d="M380 450 L470 540 L640 360" stroke="currentColor" stroke-width="40" fill="none" opacity="0.5"/>',
  other: '<rect x="300" y="250" width="400" height="400" rx="60" fill="#fff" opacity="0.9"/>',
};

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter((w) => /^[A-Za-z0-9]/.test(w))
    .slice(0, 2)
    .map((w) => w.charAt(0).toUpperCase())
    .join('');
}

/** A 640x640 PNG (drawn on a 1000-unit canvas) for one demo listing; variant shifts the colour for a second photo. */
export async function demoPhoto(name: string, category: string, hue: number, variant = 0): Promise<Buffer> {
  const h = (hue + variant * 35) % 360;
  const shape = SHAPES[category] ?? SHAPES.other ?? '';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="640" viewBox="0 0 1000 1000" color="hsl(${h},60%,30%)">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${h},65%,55%)"/><stop offset="1" stop-color="hsl(${(h + 40) % 360},60%,40%)"/></linearGradient></defs>
  <rect width="1000" height="1000" fill="url(#g)"/>
  ${shape}
  <text x="500" y="900" font-family="sans-serif" font-size="110" font-weight="700" text-anchor="middle" fill="#fff" opacity="0.85">${initials(name)}</text>
</svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 1 }).toBuffer();
}
