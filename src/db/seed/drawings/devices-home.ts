import { type Drawing, repeatFor, steps } from "./drawing.ts";

const phoneFront: Drawing = (p) => `
    <rect x="120" y="30" width="160" height="340" rx="28" fill="${p.ink}"/>
    <rect x="130" y="42" width="140" height="316" rx="20" fill="${p.main}"/>
    <circle cx="240" cy="110" r="70" fill="${p.accent}" opacity="0.75"/>
    <circle cx="160" cy="200" r="56" fill="${p.light}" opacity="0.45"/>
    <rect x="182" y="52" width="36" height="10" rx="5" fill="${p.ink}"/>
    ${repeatFor(steps(150, 231, 27), (x) =>
      repeatFor([262, 296], (y) => `<rect x="${x}" y="${y}" width="20" height="20" rx="6" fill="#ffffff" opacity="0.8"/>`),
    )}
    <rect x="170" y="336" width="60" height="6" rx="3" fill="#ffffff" opacity="0.8"/>`;

const phoneBack: Drawing = (p) => `
    <rect x="120" y="30" width="160" height="340" rx="28" fill="${p.main}"/>
    <rect x="120" y="30" width="160" height="340" rx="28" fill="none" stroke="${p.shade}" stroke-width="6"/>
    <rect x="136" y="46" width="72" height="96" rx="20" fill="${p.shade}"/>
    ${repeatFor(
      [
        [158, 72],
        [186, 72],
        [158, 116],
      ],
      ([x, y]) => `<circle cx="${x}" cy="${y}" r="13" fill="#111827"/><circle cx="${x}" cy="${y}" r="6" fill="#334155"/>`,
    )}
    <circle cx="186" cy="116" r="6" fill="#fef3c7"/>
    <circle cx="200" cy="230" r="16" fill="${p.light}" opacity="0.7"/>`;

/** Devices (screens and lenses) and home goods. Devices show their back on odd views. */
export const deviceAndHomeDrawings = {
  phone: (p, view) => (view % 2 === 1 ? phoneBack(p, view) : phoneFront(p, view)),

  laptop: (p) => `
    <rect x="80" y="64" width="240" height="168" rx="12" fill="${p.ink}"/>
    <rect x="92" y="76" width="216" height="142" rx="4" fill="${p.main}"/>
    <circle cx="250" cy="120" r="46" fill="${p.accent}" opacity="0.7"/>
    <path d="M92 200 Q160 140 220 180 T308 160 V218 H92 Z" fill="${p.light}" opacity="0.5"/>
    <path d="M50 238 H350 L372 270 Q374 282 362 282 H38 Q26 282 28 270 Z" fill="#cbd5e1"/>
    <path d="M82 246 H318 L326 258 H74 Z" fill="#94a3b8"/>
    <rect x="170" y="262" width="60" height="12" rx="3" fill="#94a3b8"/>`,

  camera: (p) => `
    <path d="M150 122 L172 88 H232 L252 122 Z" fill="${p.main}"/>
    <rect x="270" y="100" width="44" height="22" rx="6" fill="${p.ink}"/>
    <rect x="60" y="120" width="280" height="190" rx="24" fill="${p.main}"/>
    <rect x="60" y="120" width="62" height="190" rx="24" fill="${p.shade}"/>
    <rect x="288" y="140" width="34" height="20" rx="4" fill="#f8fafc"/>
    <circle cx="218" cy="215" r="80" fill="${p.ink}"/>
    <circle cx="218" cy="215" r="60" fill="#1f2937"/>
    <circle cx="218" cy="215" r="42" fill="${p.accent}" opacity="0.85"/>
    <circle cx="200" cy="198" r="14" fill="#ffffff" opacity="0.6"/>`,

  headphones: (p) => `
    <path d="M96 232 Q96 70 200 70 Q304 70 304 232" stroke="${p.main}" stroke-width="22" fill="none" stroke-linecap="round"/>
    <path d="M140 92 Q200 60 260 92" stroke="${p.shade}" stroke-width="14" fill="none" stroke-linecap="round"/>
    <rect x="58" y="200" width="72" height="132" rx="32" fill="${p.main}"/>
    <rect x="118" y="216" width="24" height="100" rx="10" fill="${p.ink}"/>
    <rect x="270" y="200" width="72" height="132" rx="32" fill="${p.main}"/>
    <rect x="258" y="216" width="24" height="100" rx="10" fill="${p.ink}"/>
    <circle cx="94" cy="266" r="14" fill="${p.accent}"/>
    <circle cx="306" cy="266" r="14" fill="${p.accent}"/>`,

  speaker: (p) => `
    <path d="M70 212 Q36 212 44 160" stroke="${p.ink}" stroke-width="8" fill="none"/>
    <rect x="170" y="126" width="60" height="20" rx="8" fill="${p.shade}"/>
    <rect x="70" y="140" width="260" height="144" rx="70" fill="${p.main}"/>
    ${repeatFor(steps(110, 290, 20), (x) =>
      repeatFor(steps(172, 252, 20), (y) => `<circle cx="${x}" cy="${y}" r="4.5" fill="${p.shade}"/>`),
    )}
    <rect x="160" y="268" width="80" height="10" rx="5" fill="${p.accent}"/>`,

  pan: (p) => `
    <rect x="270" y="184" width="120" height="32" rx="15" fill="#292524"/>
    <circle cx="160" cy="200" r="132" fill="${p.ink}"/>
    <circle cx="160" cy="200" r="114" fill="${p.main}"/>
    <circle cx="160" cy="200" r="84" fill="${p.shade}" opacity="0.5"/>
    <ellipse cx="120" cy="150" rx="40" ry="18" fill="#ffffff" opacity="0.18" transform="rotate(-30 120 150)"/>
    <circle cx="282" cy="192" r="5" fill="#a8a29e"/><circle cx="282" cy="208" r="5" fill="#a8a29e"/>`,

  pressureCooker: (p) => `
    <rect x="300" y="150" width="92" height="22" rx="11" fill="#1f2937"/>
    <rect x="36" y="158" width="56" height="18" rx="9" fill="#1f2937"/>
    <rect x="90" y="168" width="220" height="186" rx="32" fill="${p.main}"/>
    <rect x="100" y="206" width="200" height="12" rx="6" fill="${p.light}" opacity="0.7"/>
    <ellipse cx="200" cy="168" rx="124" ry="26" fill="${p.shade}"/>
    <rect x="188" y="116" width="24" height="38" rx="6" fill="#1f2937"/>
    <circle cx="200" cy="112" r="13" fill="#1f2937"/>`,

  mug: (p) => `
    <path d="M276 170 Q352 170 346 240 Q340 300 276 290" stroke="${p.main}" stroke-width="24" fill="none"/>
    <rect x="100" y="130" width="182" height="214" rx="28" fill="${p.main}"/>
    <ellipse cx="191" cy="134" rx="90" ry="14" fill="${p.shade}"/>
    <rect x="100" y="206" width="182" height="26" fill="${p.accent}"/>
    ${repeatFor(
      [150, 190, 230],
      (x) => `<path d="M${x} 110 Q${x - 14} 90 ${x} 70 T${x} 30" stroke="${p.shade}" stroke-width="7"
      fill="none" stroke-linecap="round" opacity="0.55"/>`,
    )}`,

  lamp: (p) => `
    <ellipse cx="200" cy="226" rx="110" ry="22" fill="#fef9c3" opacity="0.7"/>
    <rect x="192" y="200" width="16" height="150" fill="${p.shade}"/>
    <ellipse cx="200" cy="356" rx="82" ry="18" fill="${p.ink}"/>
    <path d="M132 64 H268 L320 204 H80 Z" fill="${p.main}"/>
    <path d="M80 196 H320 V206 H80 Z" fill="${p.accent}"/>
    <path d="M150 72 L112 196" stroke="${p.light}" stroke-width="6" opacity="0.6"/>`,

  vase: (p) => `
    <path d="M200 150 Q190 90 150 44 M200 150 Q204 70 206 26 M200 150 Q220 92 256 52" stroke="#15803d" stroke-width="6"
      fill="none"/>
    <ellipse cx="164" cy="98" rx="22" ry="9" fill="#22c55e" transform="rotate(40 164 98)"/>
    <ellipse cx="230" cy="96" rx="22" ry="9" fill="#22c55e" transform="rotate(-40 230 96)"/>
    ${repeatFor(
      [
        [150, 44],
        [206, 26],
        [256, 52],
      ],
      ([x, y]) => `<circle cx="${x}" cy="${y}" r="18" fill="${p.accent}"/><circle cx="${x}" cy="${y}" r="7" fill="#fde68a"/>`,
    )}
    <path d="M160 180 Q118 204 118 270 Q118 352 200 358 Q282 352 282 270 Q282 204 240 180 V152 Q240 142 252 136 H148
      Q160 142 160 152 Z" fill="${p.main}"/>
    <path d="M124 262 Q200 286 276 262" stroke="${p.accent}" stroke-width="10" fill="none"/>
    <path d="M142 222 Q136 260 150 300" stroke="${p.light}" stroke-width="8" fill="none" opacity="0.6" stroke-linecap="round"/>`,

  cushion: (p) => `
    <path d="M80 90 Q200 70 320 90 Q340 200 320 310 Q200 330 80 310 Q60 200 80 90 Z" fill="${p.main}" stroke="${p.shade}"
      stroke-width="6"/>
    <path d="M200 126 L274 200 L200 274 L126 200 Z" fill="${p.accent}"/>
    <path d="M200 162 L238 200 L200 238 L162 200 Z" fill="${p.light}"/>
    ${repeatFor(
      [
        [80, 90],
        [320, 90],
        [80, 310],
        [320, 310],
      ],
      ([x, y]) => `<circle cx="${x}" cy="${y}" r="12" fill="${p.shade}"/>`,
    )}`,
} satisfies Record<string, Drawing>;
