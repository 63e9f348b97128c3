import { type Drawing, repeatFor, steps } from "./drawing.ts";

/** Clothes and footwear, drawn front-on (clothes) or from the side (shoes). */
export const apparelDrawings = {
  shirt: (p) => `
    <path d="M140 70 L175 58 L200 80 L225 58 L260 70 L318 100 L352 300 L318 308 L290 150 L292 352 Q200 364 108 352
      L110 150 L82 308 L48 300 L82 100 Z" fill="${p.main}"/>
    <path d="M82 300 L50 294 L48 300 L82 308 Z M318 300 L350 294 L352 300 L318 308 Z" fill="${p.shade}"/>
    <path d="M200 82 V356" stroke="${p.shade}" stroke-width="4"/>
    ${repeatFor(steps(120, 320, 40), (y) => `<circle cx="200" cy="${y}" r="5" fill="${p.light}"/>`)}
    <rect x="222" y="130" width="40" height="46" rx="4" fill="none" stroke="${p.shade}" stroke-width="4"/>
    <path d="M175 58 L200 80 L186 110 L160 74 Z M225 58 L200 80 L214 110 L240 74 Z" fill="${p.light}"/>`,

  tshirt: (p) => `
    <path d="M145 62 Q200 92 255 62 L330 95 L360 170 L310 188 L292 150 L292 352 Q200 362 108 352 L108 150 L90 188
      L40 170 L70 95 Z" fill="${p.main}"/>
    <path d="M145 62 Q200 92 255 62 Q200 114 145 62 Z" fill="${p.shade}"/>
    <path d="M62 160 L98 174 M338 160 L302 174" stroke="${p.shade}" stroke-width="6"/>
    <circle cx="200" cy="196" r="40" fill="${p.accent}"/>
    <path d="M176 206 L196 184 L212 200 L224 190 L232 206 Z" fill="${p.light}"/>`,

  trousers: (p) => `
    <path d="M120 70 H280 L302 366 H222 L200 150 L178 366 H98 Z" fill="${p.main}"/>
    <rect x="118" y="40" width="164" height="32" rx="6" fill="${p.shade}"/>
    ${repeatFor([140, 196, 252], (x) => `<rect x="${x}" y="36" width="8" height="40" rx="3" fill="${p.ink}"/>`)}
    <path d="M200 72 V146 M128 80 Q150 112 172 78 M272 80 Q250 112 228 78" stroke="${p.shade}" stroke-width="5" fill="none"/>
    <path d="M102 346 H176 M224 346 H298" stroke="${p.shade}" stroke-width="5"/>`,

  kurta: (p) => `
    <path d="M150 50 L180 44 Q200 70 220 44 L250 50 L320 95 L345 210 L305 218 L285 130 L298 368 H102 L115 130 L95 218
      L55 210 L80 95 Z" fill="${p.main}"/>
    <path d="M104 342 H296 L298 368 H102 Z" fill="${p.accent}"/>
    <path d="M200 66 V160" stroke="${p.accent}" stroke-width="8"/>
    ${repeatFor(steps(80, 150, 17), (y) => `<circle cx="200" cy="${y}" r="4" fill="${p.light}"/>`)}
    <path d="M180 44 Q200 70 220 44" stroke="${p.accent}" stroke-width="6" fill="none"/>
    ${repeatFor(steps(118, 282, 18), (x) => `<circle cx="${x}" cy="355" r="4" fill="${p.light}"/>`)}`,

  jacket: (p) => `
    <path d="M140 72 Q200 6 260 72 Z" fill="${p.shade}"/>
    <path d="M130 62 L200 82 L270 62 L330 100 L352 320 L310 326 L292 170 L292 356 H108 L108 170 L90 326 L48 320 L70 100 Z"
      fill="${p.main}"/>
    <path d="M200 82 V356" stroke="${p.ink}" stroke-width="5"/>
    <path d="M186 92 L182 142 M214 92 L218 142" stroke="${p.light}" stroke-width="4" stroke-linecap="round"/>
    <path d="M122 250 L178 240 L182 300 L128 306 Z M278 250 L222 240 L218 300 L272 306 Z" fill="${p.shade}"/>
    <rect x="108" y="338" width="184" height="18" fill="${p.shade}"/>
    <path d="M48 312 L90 318 M352 312 L310 318" stroke="${p.shade}" stroke-width="8"/>`,

  dress: (p) => `
    <path d="M170 38 L164 84 M230 38 L236 84" stroke="${p.main}" stroke-width="8" stroke-linecap="round"/>
    <path d="M160 80 Q200 104 240 80 L252 172 H148 Z" fill="${p.main}"/>
    <path d="M148 182 H252 L332 360 Q200 388 68 360 Z" fill="${p.main}"/>
    <path d="M182 190 L150 370 M218 190 L250 370 M200 190 V376" stroke="${p.shade}" stroke-width="4" fill="none"/>
    ${repeatFor(
      [
        [120, 320],
        [170, 270],
        [240, 300],
        [285, 340],
        [205, 232],
        [150, 340],
      ],
      ([x, y]) => `<circle cx="${x}" cy="${y}" r="9" fill="${p.light}"/>`,
    )}
    <rect x="146" y="168" width="108" height="18" rx="4" fill="${p.accent}"/>`,

  sneaker: (p) => `
    <path d="M48 300 L56 225 Q62 200 92 202 L150 210 Q168 170 205 160 L232 158 Q252 200 300 230 Q360 250 366 280 V300 Z"
      fill="${p.main}"/>
    <path d="M300 230 Q360 250 366 280 V300 H320 Q318 262 290 232 Z" fill="${p.light}"/>
    <path d="M56 225 Q62 200 92 202 L98 300 H48 Z" fill="${p.shade}"/>
    <path d="M110 288 Q170 226 262 252" stroke="${p.accent}" stroke-width="12" fill="none" stroke-linecap="round"/>
    <path d="M182 184 L214 196 M196 204 L234 212 M212 222 L254 228" stroke="#ffffff" stroke-width="6" stroke-linecap="round"/>
    <path d="M40 300 H360 Q372 300 372 312 V320 Q372 334 356 334 H60 Q40 334 40 316 Z" fill="#f8fafc" stroke="${p.shade}"
      stroke-width="4"/>
    <path d="M60 322 H356" stroke="${p.shade}" stroke-width="3" stroke-dasharray="10 8"/>`,

  oxford: (p) => `
    <path d="M48 300 L60 218 Q66 205 90 208 L170 214 Q220 212 262 232 Q340 256 368 290 Q372 302 358 304 Z" fill="${p.main}"/>
    <path d="M170 214 Q190 262 250 262 Q300 262 336 272" stroke="${p.shade}" stroke-width="5" fill="none"/>
    <path d="M184 224 L214 218 M190 236 L222 230 M196 248 L230 242" stroke="${p.ink}" stroke-width="5" stroke-linecap="round"/>
    <ellipse cx="300" cy="262" rx="34" ry="9" fill="${p.light}" opacity="0.55" transform="rotate(18 300 262)"/>
    <path d="M40 300 H340 Q368 302 372 316 V324 H44 Z" fill="${p.ink}"/>
    <path d="M44 324 H104 V340 H50 Z" fill="${p.ink}"/>`,

  heel: (p) => `
    <path d="M70 196 Q80 176 106 188 L118 248 Q190 268 252 268 Q332 266 362 290 Q374 302 360 306 H240 Q170 302 122 280
      L100 286 Q68 280 70 196 Z" fill="${p.main}"/>
    <path d="M118 248 Q190 268 252 268" stroke="${p.light}" stroke-width="5" fill="none"/>
    <path d="M98 282 H124 L114 372 H104 Z" fill="${p.ink}"/>
    <path d="M124 282 Q180 306 240 306 H360" stroke="${p.ink}" stroke-width="6" fill="none"/>
    <circle cx="226" cy="262" r="9" fill="${p.accent}"/>`,

  sandal: (p) => `
    <path d="M86 300 Q106 224 156 298" stroke="${p.main}" stroke-width="16" fill="none"/>
    <path d="M188 298 Q232 204 286 294" stroke="${p.main}" stroke-width="20" fill="none"/>
    <path d="M64 300 Q46 240 104 244" stroke="${p.main}" stroke-width="12" fill="none"/>
    <rect x="222" y="228" width="22" height="18" rx="4" fill="${p.accent}"/>
    <path d="M40 300 L360 294 Q374 296 372 310 V320 L44 328 Q34 326 36 312 Z" fill="${p.shade}"/>
    <path d="M40 300 L360 294" stroke="${p.light}" stroke-width="5"/>`,
} satisfies Record<string, Drawing>;
