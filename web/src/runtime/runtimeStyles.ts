/**
 * The viewer's motion, as CSS: blinking (twinkle) and turning (rotate) run in the browser's compositor, so a page
 * does no work per frame however many widgets blink. PageView puts this sheet in once. Turning stops for users
 * who ask their system for reduced motion; blinking stays, as it carries alarm information (at 1 Hz, well below
 * the flash thresholds). Flow bars move their stripes the same way and stand still for reduced motion (a still bar
 * draws its stripes faint, so the state still reads). The page's tables are HTML in the SVG; their compact look
 * is here too, so the designer's canvas (which puts this sheet in as well) draws them alike.
 */
export const RUNTIME_CSS = `
@keyframes rt-blink-visible { 50%, 100% { opacity: 0; } }
@keyframes rt-blink-fill { 50%, 100% { fill: var(--rt-blink); } }
@keyframes rt-blink-stroke { 50%, 100% { stroke: var(--rt-blink); } }
@keyframes rt-spin { from { transform: rotate(0deg); } to { transform: rotate(360deg); } }
@keyframes rt-flow { from { transform: translateX(0); } to { transform: translateX(var(--rt-flow-step, 24px)); } }
.rt-blink-visible { animation: rt-blink-visible 1s step-end infinite; }
.rt-blink-fill { animation: rt-blink-fill 1s step-end infinite; }
.rt-blink-stroke { animation: rt-blink-stroke 1s step-end infinite; }
.rt-spin {
  transform-box: fill-box;
  transform-origin: center;
  animation: rt-spin var(--rt-period, 1000ms) linear infinite;
}
.rt-spin-reverse { animation-direction: reverse; }
.rt-flow { animation: rt-flow var(--rt-flow-cycle, 0.8s) linear infinite; }
.rt-table { border-collapse: collapse; width: 100%; table-layout: auto; }
.rt-table th, .rt-table td { padding: 2px 6px; border-bottom: 1px solid var(--rt-table-line, rgba(5, 5, 5, 0.06)); text-align: left; white-space: nowrap; }
.rt-table th { position: sticky; top: 0; z-index: 1; font-weight: 600; background: var(--rt-table-bg, #FFFFFF); box-shadow: inset 0 -1px var(--rt-table-line, rgba(5, 5, 5, 0.12)); }
.rt-table .rt-num { text-align: right; font-variant-numeric: tabular-nums; }
.rt-table td.rt-bad { color: #8C8C8C; }
.rt-clickable { cursor: pointer; }
.rt-clickable:focus-visible { outline: 2px solid #1668dc; outline-offset: 2px; }
.rt-clickable[aria-disabled='true'] { cursor: not-allowed; }
@media (prefers-reduced-motion: reduce) {
  .rt-spin { animation: none; }
  .rt-flow { animation: none; }
}
`;
