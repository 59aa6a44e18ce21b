/**
 * The viewer's motion, as CSS: blinking (twinkle) and turning (rotate) run in the browser's compositor, so a page
 * does no work per frame however many widgets blink. PageView puts this sheet in once. Turning stops for users
 * who ask their system for reduced motion; blinking stays, as it carries alarm information (at 1 Hz, well below
 * the flash thresholds).
 */
export const RUNTIME_CSS = `
@keyframes rt-blink-visible { 50%, 100% { opacity: 0; } }
@keyframes rt-blink-fill { 50%, 100% { fill: var(--rt-blink); } }
@keyframes rt-blink-stroke { 50%, 100% { stroke: var(--rt-blink); } }
@keyframes rt-spin { from { transform: rotate(0deg); } to { transform: rotate(360deg); } }
.rt-blink-visible { animation: rt-blink-visible 1s step-end infinite; }
.rt-blink-fill { animation: rt-blink-fill 1s step-end infinite; }
.rt-blink-stroke { animation: rt-blink-stroke 1s step-end infinite; }
.rt-spin {
  transform-box: fill-box;
  transform-origin: center;
  animation: rt-spin var(--rt-period, 1000ms) linear infinite;
}
.rt-spin-reverse { animation-direction: reverse; }
.rt-clickable { cursor: pointer; }
.rt-clickable:focus-visible { outline: 2px solid #1668dc; outline-offset: 2px; }
.rt-clickable[aria-disabled='true'] { cursor: not-allowed; }
@media (prefers-reduced-motion: reduce) {
  .rt-spin { animation: none; }
}
`;
