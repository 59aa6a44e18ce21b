/**
 * The server's limits of forms and queries by name (lengths in characters, counts, ranges), generated from
 * crates/domain/src/limits.rs (→ `generated/contract.json`, `make generate`): a form refuses exactly what the server
 * would, the console never types such a number, and a limit the server renames or drops fails the type check here.
 */
import contract from '@/generated/contract.json';

export const Limits = contract.limits;
export type LimitName = keyof typeof Limits;
