import { type Drawing, repeatFor, steps } from "./drawing.ts";

/** Bags, jewellery and watches. Jewellery's `main` is the metal, `accent` the stone. */
export const accessoryDrawings = {
  backpack: (p) => `
    <path d="M138 90 Q108 210 128 340 M262 90 Q292 210 272 340" stroke="${p.shade}" stroke-width="14" fill="none"/>
    <path d="M170 62 Q200 30 230 62" stroke="${p.shade}" stroke-width="10" fill="none"/>
    <rect x="110" y="58" width="180" height="304" rx="60" fill="${p.main}"/>
    <path d="M128 132 Q200 110 272 132" stroke="${p.ink}" stroke-width="4" fill="none"/>
    <rect x="136" y="218" width="128" height="112" rx="24" fill="${p.shade}"/>
    <path d="M150 242 H250" stroke="${p.ink}" stroke-width="4"/>
    <rect x="236" y="236" width="10" height="22" rx="3" fill="${p.accent}"/>
    <rect x="180" y="166" width="40" height="22" rx="4" fill="${p.accent}"/>`,

  handbag: (p) => `
    <path d="M140 162 Q140 70 200 70 Q260 70 260 162" stroke="${p.shade}" stroke-width="14" fill="none"/>
    <path d="M100 160 H300 L335 340 Q336 356 320 356 H80 Q64 356 65 340 Z" fill="${p.main}"/>
    <path d="M100 160 H300 L292 230 Q200 262 108 230 Z" fill="${p.shade}"/>
    <circle cx="200" cy="242" r="13" fill="${p.accent}"/>
    <path d="M84 336 H316" stroke="${p.light}" stroke-width="3" stroke-dasharray="8 7"/>`,

  suitcase: (p) => `
    <rect x="168" y="38" width="64" height="16" rx="8" fill="${p.ink}"/>
    <path d="M180 52 V90 M220 52 V90" stroke="${p.ink}" stroke-width="8"/>
    <circle cx="138" cy="360" r="13" fill="${p.ink}"/>
    <circle cx="262" cy="360" r="13" fill="${p.ink}"/>
    <rect x="110" y="84" width="180" height="268" rx="24" fill="${p.main}"/>
    ${repeatFor([150, 200, 250], (x) => `<path d="M${x} 106 V330" stroke="${p.shade}" stroke-width="8" stroke-linecap="round"/>`)}
    <path d="M272 100 L300 150" stroke="${p.ink}" stroke-width="3"/>
    <rect x="288" y="146" width="26" height="38" rx="5" fill="${p.accent}" transform="rotate(-20 300 165)"/>`,

  ring: (p) => `
    <ellipse cx="200" cy="246" rx="112" ry="96" fill="none" stroke="${p.main}" stroke-width="24"/>
    <ellipse cx="200" cy="246" rx="100" ry="84" fill="none" stroke="${p.shade}" stroke-width="4"/>
    <path d="M168 146 H232 L218 170 H182 Z" fill="${p.shade}"/>
    <path d="M160 72 H240 L262 96 L200 156 L138 96 Z" fill="${p.accent}"/>
    <path d="M160 72 L180 96 L200 72 L220 96 L240 72 M138 96 H262 M180 96 L200 156 L220 96" stroke="#ffffff"
      stroke-opacity="0.6" stroke-width="3" fill="none"/>
    <path d="M300 80 l6 14 l14 6 l-14 6 l-6 14 l-6 -14 l-14 -6 l14 -6 Z" fill="${p.light}"/>`,

  necklace: (p) => `
    <path d="M80 60 Q88 262 200 292 Q312 262 320 60" stroke="${p.main}" stroke-width="10" fill="none" stroke-linecap="round"
      stroke-dasharray="1 15"/>
    <path d="M110 60 Q118 230 200 256 Q282 230 290 60" stroke="${p.shade}" stroke-width="5" fill="none"/>
    <circle cx="200" cy="292" r="10" fill="${p.main}"/>
    <path d="M200 300 C166 328 174 364 200 380 C226 364 234 328 200 300 Z" fill="${p.accent}" stroke="${p.main}"
      stroke-width="7"/>
    <ellipse cx="192" cy="336" rx="6" ry="12" fill="#ffffff" opacity="0.5"/>`,

  earrings: (p) =>
    repeatFor(
      [130, 270],
      (x) => `
    <circle cx="${x}" cy="80" r="16" fill="${p.accent}" stroke="${p.main}" stroke-width="6"/>
    <path d="M${x} 96 V140" stroke="${p.main}" stroke-width="6"/>
    <path d="M${x - 50} 236 Q${x} 108 ${x + 50} 236 Z" fill="${p.main}"/>
    <path d="M${x - 30} 200 Q${x} 150 ${x + 30} 200" stroke="${p.shade}" stroke-width="5" fill="none"/>
    ${repeatFor(steps(x - 44, x + 44, 11), (bx) => `<circle cx="${bx}" cy="248" r="6" fill="${p.accent}"/>`)}
    <circle cx="${x}" cy="282" r="10" fill="${p.accent}"/>`,
    ),

  bangle: (p) => `
    <ellipse cx="200" cy="250" rx="130" ry="62" fill="none" stroke="${p.shade}" stroke-width="26"/>
    <ellipse cx="200" cy="200" rx="130" ry="62" fill="none" stroke="${p.main}" stroke-width="26"/>
    <ellipse cx="200" cy="200" rx="130" ry="62" fill="none" stroke="${p.light}" stroke-width="5"/>
    ${repeatFor(steps(-60, 60, 20), (deg) => {
      const radians = ((deg + 90) * Math.PI) / 180;
      return `<circle cx="${(200 + 130 * Math.cos(radians)).toFixed(1)}" cy="${(200 + 62 * Math.sin(radians)).toFixed(1)}"
        r="7" fill="${p.accent}"/>`;
    })}`,

  watch: (p) => `
    <rect x="160" y="18" width="80" height="124" rx="16" fill="${p.main}"/>
    <rect x="160" y="258" width="80" height="124" rx="16" fill="${p.main}"/>
    ${repeatFor([300, 322, 344], (y) => `<circle cx="200" cy="${y}" r="5" fill="${p.shade}"/>`)}
    <rect x="130" y="108" width="140" height="184" rx="38" fill="${p.ink}"/>
    <rect x="144" y="122" width="112" height="156" rx="28" fill="#0b1020"/>
    <circle cx="200" cy="186" r="38" fill="none" stroke="${p.accent}" stroke-width="9" stroke-dasharray="170 60"/>
    <circle cx="200" cy="186" r="24" fill="none" stroke="#22d3ee" stroke-width="8" stroke-dasharray="100 60"/>
    <rect x="168" y="242" width="64" height="10" rx="5" fill="#ffffff" opacity="0.75"/>
    <rect x="270" y="172" width="12" height="34" rx="5" fill="${p.ink}"/>`,
} satisfies Record<string, Drawing>;
