/**
 * Response codes by name, generated from the server's catalogue (crates/domain/src/catalogue.rs →
 * `generated/contract.json`, `make generate`): the console never types a code's number, and a code the server
 * renames or drops fails the type check here instead of a screen at run time.
 */
import contract from '@/generated/contract.json';

export const Code = contract.codes;
export type CodeName = keyof typeof Code;
