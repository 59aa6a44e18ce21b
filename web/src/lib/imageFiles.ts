/**
 * Which files an upload control takes as pictures, as the server does (generated from crates/domain:
 * `contract.json`'s `imageTypes` and `limits.ImageBytes`): a PNG, JPEG, GIF, SVG or WebP of at most 2 MiB. The
 * server decides by the bytes; the browser can only read the type it reports and the name, so a file is refused
 * here when either names another type (a type the browser leaves empty is not held against it) or it is too large.
 * The server still checks everything, so a file that passes here may be refused there.
 */
import contract from '@/generated/contract.json';

export const IMAGE_TYPES: readonly string[] = contract.imageTypes.map((type) => type.mime);
export const IMAGE_EXTENSIONS: readonly string[] = contract.imageTypes.flatMap((type) => type.extensions.map((ext) => `.${ext}`));
/** The type names as a person reads them: PNG, JPG, GIF, SVG, WEBP. */
export const IMAGE_TYPE_NAMES: readonly string[] = contract.imageTypes.map((type) => type.extensions[0].toUpperCase());
export const IMAGE_MAX_BYTES: number = contract.limits.ImageBytes;
/** The size limit in whole MiB, as the texts say it. */
export const IMAGE_MAX_MIB = Math.floor(IMAGE_MAX_BYTES / (1024 * 1024));

/** Why a file cannot be a picture, or null when it can. */
export function imageFileProblem(file: { name: string; type: string; size: number }): 'type' | 'size' | null {
  const name = file.name.toLowerCase();
  const dot = name.lastIndexOf('.');
  const extensionOk = dot < 0 || IMAGE_EXTENSIONS.includes(name.slice(dot));
  const typeOk = file.type === '' ? dot >= 0 : IMAGE_TYPES.includes(file.type);
  if (!extensionOk || !typeOk) return 'type';
  if (file.size > IMAGE_MAX_BYTES) return 'size';
  return null;
}

/**
 * The image library also takes 3D models for the pages' 3D model widgets: glTF 2.0 binaries (`.glb`) of at most
 * `limits.ModelBytes` (20 MiB), told by the server by their header. The browser can only read the name and size.
 */
export const MODEL_EXTENSION = '.glb';
export const MODEL_MAX_BYTES: number = contract.limits.ModelBytes;
export const MODEL_MAX_MIB = Math.floor(MODEL_MAX_BYTES / (1024 * 1024));

/** Whether a library file (by its name or stored address) is a 3D model. */
export function isModelFile(name: string): boolean {
  return name.toLowerCase().endsWith(MODEL_EXTENSION);
}

/** Why a file cannot go into the image library (a picture, or a .glb model), or null when it can. */
export function libraryFileProblem(file: { name: string; type: string; size: number }): 'type' | 'size' | 'modelSize' | null {
  if (isModelFile(file.name)) return file.size > MODEL_MAX_BYTES ? 'modelSize' : null;
  return imageFileProblem(file);
}
