import { describe, expect, it } from 'vitest';
import { IMAGE_EXTENSIONS, IMAGE_MAX_BYTES, IMAGE_TYPES, MODEL_MAX_BYTES, imageFileProblem, libraryFileProblem } from './imageFiles';

describe('picture files', () => {
  it('are the types and size the server exports', () => {
    expect(IMAGE_TYPES).toEqual(['image/png', 'image/jpeg', 'image/gif', 'image/svg+xml', 'image/webp']);
    expect(IMAGE_EXTENSIONS).toContain('.jpeg');
    expect(IMAGE_MAX_BYTES).toBe(2 * 1024 * 1024);
  });

  it('are refused by their reported type, their extension or their size', () => {
    expect(imageFileProblem({ name: 'pump.png', type: 'image/png', size: 10 })).toBeNull();
    expect(imageFileProblem({ name: 'VALVE.SVG', type: 'image/svg+xml', size: 10 })).toBeNull();
    expect(imageFileProblem({ name: 'photo', type: 'image/jpeg', size: 10 })).toBeNull();
    expect(imageFileProblem({ name: 'drawing.webp', type: '', size: 10 })).toBeNull();
    expect(imageFileProblem({ name: 'notes.txt', type: 'text/plain', size: 10 })).toBe('type');
    expect(imageFileProblem({ name: 'pump.png', type: 'application/pdf', size: 10 })).toBe('type');
    expect(imageFileProblem({ name: 'pump.bmp', type: 'image/bmp', size: 10 })).toBe('type');
    expect(imageFileProblem({ name: 'unknown', type: '', size: 10 })).toBe('type');
    expect(imageFileProblem({ name: 'big.png', type: 'image/png', size: IMAGE_MAX_BYTES })).toBeNull();
    expect(imageFileProblem({ name: 'big.png', type: 'image/png', size: IMAGE_MAX_BYTES + 1 })).toBe('size');
  });
});

describe('library files', () => {
  it('are pictures as above, or .glb models up to the server\'s own model limit', () => {
    expect(MODEL_MAX_BYTES).toBe(20 * 1024 * 1024);
    expect(libraryFileProblem({ name: 'pump.png', type: 'image/png', size: 10 })).toBeNull();
    expect(libraryFileProblem({ name: 'Pump.GLB', type: '', size: MODEL_MAX_BYTES })).toBeNull();
    expect(libraryFileProblem({ name: 'pump.glb', type: 'model/gltf-binary', size: MODEL_MAX_BYTES + 1 })).toBe('modelSize');
    expect(libraryFileProblem({ name: 'pump.gltf', type: '', size: 10 })).toBe('type');
    expect(libraryFileProblem({ name: 'big.png', type: 'image/png', size: IMAGE_MAX_BYTES + 1 })).toBe('size');
  });
});
