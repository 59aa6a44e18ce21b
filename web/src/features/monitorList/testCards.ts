/** Card fixtures for the monitor list screens' component tests (not imported by the app). */
export { cardAnswer as card, mapCardAnswer as mapCard } from '@/test/answers';
