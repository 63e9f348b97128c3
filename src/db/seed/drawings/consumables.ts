import { type Drawing, repeatFor, steps } from "./drawing.ts";

const leaf = (x: number, y: number, angle: number) =>
  `<path d="M${x} ${y} q38 -32 74 -12 q-36 30 -74 12 Z" fill="#22c55e" transform="rotate(${angle} ${x} ${y})"/>`;

/** A label panel with a round emblem, as on packs, jars and bottles. */
const label = (x: number, y: number, width: number, height: number, accent: string) => `
    <rect x="${x}" y="${y}" width="${width}" height="${height}" rx="12" fill="#ffffff" opacity="0.92"/>
    <circle cx="${x + width / 2}" cy="${y + height * 0.42}" r="${Math.min(width, height) * 0.22}" fill="${accent}"/>
    <rect x="${x + width * 0.2}" y="${y + height * 0.75}" width="${width * 0.6}" height="8" rx="4" fill="#334155" opacity="0.35"/>`;

/** Groceries, beauty and wellness products: packs, jars, bottles, produce and small equipment. */
export const consumableDrawings = {
  fruit: (p) => `
    <path d="M200 130 Q204 96 220 78" stroke="#78350f" stroke-width="10" fill="none" stroke-linecap="round"/>
    ${leaf(214, 94, -20)}
    <path d="M200 132 C150 92 70 122 80 222 C90 322 160 352 200 332 C240 352 310 322 320 222 C330 122 250 92 200 132 Z"
      fill="${p.main}"/>
    <ellipse cx="140" cy="200" rx="20" ry="42" fill="#ffffff" opacity="0.35" transform="rotate(20 140 200)"/>`,

  citrus: (p) => `
    <circle cx="180" cy="196" r="130" fill="${p.main}"/>
    ${repeatFor(
      [
        [130, 150],
        [220, 120],
        [250, 220],
        [150, 260],
        [110, 200],
        [200, 190],
      ],
      ([x, y]) => `<circle cx="${x}" cy="${y}" r="3.5" fill="${p.shade}" opacity="0.5"/>`,
    )}
    ${leaf(186, 70, -30)}
    <circle cx="292" cy="298" r="76" fill="${p.main}"/>
    <circle cx="292" cy="298" r="64" fill="${p.light}"/>
    ${repeatFor(
      steps(0, 300, 60),
      (deg) => `<path d="M292 298 L292 240" stroke="#ffffff" stroke-width="5"
      transform="rotate(${deg} 292 298)"/>`,
    )}`,

  carrot: (p) =>
    repeatFor(
      [-18, 0, 18],
      (angle) => `<g transform="rotate(${angle} 200 380)">
      <path d="M190 98 Q178 50 160 40 M200 98 Q200 46 206 30 M210 98 Q224 54 246 44" stroke="#16a34a" stroke-width="9"
        fill="none" stroke-linecap="round"/>
      <path d="M172 100 Q200 90 228 100 Q234 112 228 130 L206 352 Q200 368 194 352 L172 130 Q166 112 172 100 Z"
        fill="${p.main}"/>
      <path d="M178 160 H196 M204 210 H220 M184 260 H198" stroke="${p.shade}" stroke-width="4" stroke-linecap="round"/></g>`,
    ),

  leafy: (p) => `
    <path d="M172 240 H228 L238 362 H162 Z" fill="${p.light}"/>
    ${repeatFor(
      [
        [140, 200, 56],
        [260, 200, 56],
        [200, 166, 66],
        [168, 246, 46],
        [232, 246, 46],
      ],
      ([x, y, r]) => `<circle cx="${x}" cy="${y}" r="${r}" fill="${p.main}"/>`,
    )}
    ${repeatFor(
      [
        [150, 180],
        [200, 140],
        [250, 190],
        [190, 220],
        [230, 230],
        [130, 220],
      ],
      ([x, y]) => `<circle cx="${x}" cy="${y}" r="9" fill="${p.shade}"/>`,
    )}`,

  packet: (p) => `
    <path d="M100 60 H300 L310 80 Q326 200 310 320 L300 340 H100 L90 320 Q74 200 90 80 Z" fill="${p.main}"/>
    <rect x="96" y="46" width="208" height="26" fill="${p.shade}"/>
    <rect x="96" y="330" width="208" height="26" fill="${p.shade}"/>
    ${repeatFor(steps(106, 296, 14), (x) => `<path d="M${x} 48 V70 M${x} 332 V354" stroke="${p.ink}" stroke-width="2" opacity="0.4"/>`)}
    <rect x="130" y="100" width="140" height="24" rx="12" fill="#ffffff" opacity="0.85"/>
    <circle cx="200" cy="214" r="66" fill="${p.light}"/>
    ${repeatFor(
      [-30, 0, 30],
      (dx) => `<ellipse cx="${200 + dx}" cy="${214 + Math.abs(dx) / 3}" rx="26" ry="16" fill="${p.accent}"
      transform="rotate(${dx} ${200 + dx} 214)"/>`,
    )}
    <rect x="150" y="296" width="100" height="12" rx="6" fill="#ffffff" opacity="0.7"/>`,

  jar: (p) => `
    <rect x="122" y="58" width="156" height="52" rx="10" fill="${p.accent}"/>
    ${repeatFor(steps(134, 266, 12), (x) => `<path d="M${x} 64 V104" stroke="#000000" stroke-width="2" opacity="0.15"/>`)}
    <rect x="104" y="104" width="192" height="258" rx="40" fill="${p.main}"/>
    <rect x="124" y="130" width="18" height="180" rx="9" fill="#ffffff" opacity="0.35"/>
    ${label(126, 180, 148, 116, p.accent)}`,

  bottle: (p) => `
    <rect x="174" y="28" width="52" height="36" rx="6" fill="${p.accent}"/>
    <path d="M180 64 H220 L222 100 Q270 128 270 180 V340 Q270 366 244 366 H156 Q130 366 130 340 V180 Q130 128 178 100 Z"
      fill="${p.main}"/>
    ${label(130, 200, 140, 104, p.accent)}
    <rect x="146" y="140" width="12" height="190" rx="6" fill="#ffffff" opacity="0.35"/>`,

  lipstick: (p) => `
    <rect x="262" y="218" width="70" height="136" rx="10" fill="${p.ink}" transform="rotate(12 297 286)"/>
    <path d="M170 152 V92 Q170 62 230 40 V152 Z" fill="${p.main}"/>
    <path d="M174 92 Q186 74 206 64" stroke="#ffffff" stroke-width="6" opacity="0.4" fill="none" stroke-linecap="round"/>
    <rect x="164" y="148" width="72" height="84" rx="4" fill="#e5c06a"/>
    <rect x="148" y="226" width="104" height="16" rx="4" fill="#d4af37"/>
    <rect x="150" y="240" width="100" height="134" rx="10" fill="#1f2937"/>`,

  compact: (p) => `
    <ellipse cx="200" cy="130" rx="124" ry="72" fill="#1f2937"/>
    <ellipse cx="200" cy="130" rx="104" ry="58" fill="#e2e8f0"/>
    <ellipse cx="170" cy="112" rx="40" ry="14" fill="#ffffff" opacity="0.8"/>
    <ellipse cx="200" cy="272" rx="134" ry="82" fill="#1f2937"/>
    <ellipse cx="200" cy="266" rx="108" ry="64" fill="${p.main}"/>
    <ellipse cx="262" cy="290" rx="52" ry="28" fill="#fff7ed"/>`,

  tube: (p) => `
    <rect x="144" y="42" width="112" height="22" rx="3" fill="${p.shade}"/>
    <path d="M150 62 H250 L240 312 H160 Z" fill="${p.main}"/>
    ${label(168, 124, 64, 132, p.accent)}
    <rect x="162" y="308" width="76" height="56" rx="8" fill="${p.ink}"/>`,

  dropper: (p) => `
    <path d="M178 62 Q178 30 200 30 Q222 30 222 62 V138 H178 Z" fill="#1f2937"/>
    <rect x="166" y="132" width="68" height="32" rx="4" fill="#d4af37"/>
    <rect x="130" y="160" width="140" height="200" rx="28" fill="${p.main}" opacity="0.9"/>
    ${label(148, 214, 104, 100, p.accent)}
    <path d="M324 196 Q302 236 324 258 Q346 236 324 196 Z" fill="${p.accent}"/>`,

  pumpBottle: (p) => `
    <rect x="148" y="58" width="68" height="16" rx="6" fill="${p.ink}"/>
    <rect x="186" y="70" width="28" height="44" fill="${p.ink}"/>
    <rect x="168" y="110" width="64" height="28" rx="6" fill="${p.ink}"/>
    <rect x="120" y="136" width="160" height="230" rx="30" fill="${p.main}"/>
    ${label(140, 196, 120, 112, p.accent)}`,

  perfume: (p) => `
    <rect x="164" y="46" width="72" height="62" rx="10" fill="${p.accent}"/>
    <rect x="184" y="106" width="32" height="24" fill="#94a3b8"/>
    <rect x="100" y="128" width="200" height="224" rx="36" fill="${p.main}" opacity="0.85"/>
    <rect x="112" y="200" width="176" height="140" rx="28" fill="${p.shade}" opacity="0.45"/>
    <rect x="150" y="226" width="100" height="40" rx="6" fill="#ffffff" opacity="0.9"/>
    <path d="M124 150 V320" stroke="#ffffff" stroke-width="8" opacity="0.35" stroke-linecap="round"/>`,

  capsuleJar: (p) => `
    <rect x="92" y="64" width="140" height="48" rx="10" fill="#f8fafc" stroke="#cbd5e1" stroke-width="3"/>
    <rect x="80" y="108" width="164" height="248" rx="30" fill="${p.main}"/>
    ${label(98, 176, 128, 112, p.accent)}
    <g transform="rotate(-30 300 300)"><rect x="262" y="286" width="76" height="30" rx="15" fill="${p.accent}"/>
      <rect x="300" y="286" width="38" height="30" rx="15" fill="#f8fafc"/><rect x="296" y="286" width="14" height="30"
      fill="#f8fafc"/></g>
    <circle cx="300" cy="356" r="18" fill="#f8fafc" stroke="#cbd5e1" stroke-width="3"/>`,

  dumbbell: (p) => `
    <rect x="104" y="190" width="192" height="22" rx="8" fill="#9ca3af"/>
    <rect x="36" y="148" width="28" height="106" rx="10" fill="${p.shade}"/>
    <rect x="60" y="126" width="52" height="150" rx="14" fill="${p.main}"/>
    <rect x="288" y="126" width="52" height="150" rx="14" fill="${p.main}"/>
    <rect x="336" y="148" width="28" height="106" rx="10" fill="${p.shade}"/>
    <rect x="170" y="186" width="60" height="30" rx="6" fill="#6b7280"/>`,

  yogaMat: (p) => `
    <path d="M40 330 L300 300 L360 350 L100 378 Z" fill="${p.light}"/>
    <rect x="96" y="168" width="232" height="124" fill="${p.main}"/>
    <ellipse cx="328" cy="230" rx="38" ry="62" fill="${p.main}"/>
    <ellipse cx="96" cy="230" rx="38" ry="62" fill="${p.shade}"/>
    <path d="M96 230 m-6 0 a6 6 0 1 1 12 0 a14 14 0 1 1 -28 0 a22 22 0 1 1 44 0 a30 30 0 1 1 -60 0" stroke="${p.light}"
      stroke-width="4" fill="none"/>
    <rect x="196" y="164" width="18" height="132" fill="${p.accent}"/>`,
} satisfies Record<string, Drawing>;
