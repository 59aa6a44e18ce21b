/**
 * The three.js side of the 3D model widget (UsualWebgl). Loaded only by the widget's dynamic import, so three.js
 * never weighs on pages without a model.
 *
 * One renderer per widget, on the widget's own canvas. Live, OrbitControls turn the camera with the mouse or a
 * finger (and turn it on its own when `autoRotate`); still (the designer, a version's preview), one frame is drawn
 * once the model has loaded, with no loop and no controls. Everything the GPU holds (geometries, materials,
 * textures, the renderer's context) is given back by `destroy`.
 */
import {
  Box3,
  Color,
  DirectionalLight,
  HemisphereLight,
  Mesh,
  PerspectiveCamera,
  Scene,
  Timer,
  Vector3,
  WebGLRenderer,
  type Material,
  type Object3D,
  type Texture,
} from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import type { ModelSettings } from '../modelWidget';

/** Whether this browser can draw WebGL at all (a headless one without a GPU may not). */
export function webglAvailable(): boolean {
  try {
    const canvas = document.createElement('canvas');
    const context = canvas.getContext('webgl2') ?? canvas.getContext('webgl');
    if (!context) return false;
    context.getExtension('WEBGL_lose_context')?.loseContext();
    return true;
  } catch {
    return false;
  }
}

export interface ModelViewOptions {
  canvas: HTMLCanvasElement;
  width: number;
  height: number;
  settings: ModelSettings;
  live: boolean;
  tint: string | undefined;
}

export interface ModelView {
  /** Resolves once the model is drawn; rejects when it cannot be loaded. */
  loaded: Promise<void>;
  /** Tints every surface of the model (a fill-colour animation row holds), or restores its colours. */
  setTint(tint: string | undefined): void;
  destroy(): void;
}

const MATERIAL_COLOURS = new WeakMap<Material, Color>();

function materialsOf(object: Object3D): Material[] {
  const out: Material[] = [];
  object.traverse((node) => {
    if (node instanceof Mesh) out.push(...(Array.isArray(node.material) ? node.material : [node.material]));
  });
  return out;
}

function paint(object: Object3D, tint: string | undefined) {
  for (const material of materialsOf(object)) {
    const colour = (material as Material & { color?: Color }).color;
    if (!(colour instanceof Color)) continue;
    if (!MATERIAL_COLOURS.has(material)) MATERIAL_COLOURS.set(material, colour.clone());
    if (tint) colour.set(tint.slice(0, 7));
    else colour.copy(MATERIAL_COLOURS.get(material) ?? colour);
  }
}

function dispose(object: Object3D) {
  object.traverse((node) => {
    if (!(node instanceof Mesh)) return;
    node.geometry.dispose();
    for (const material of Array.isArray(node.material) ? node.material : [node.material]) {
      for (const value of Object.values(material)) {
        if (value && typeof value === 'object' && (value as Texture).isTexture) (value as Texture).dispose();
      }
      material.dispose();
    }
  });
}

export function createModelView({ canvas, width, height, settings, live, tint }: ModelViewOptions): ModelView {
  // The drawing is kept after each frame: a still frame must stay on screen, and a page can read the picture back
  // (the browser test checks that pixels were drawn). One widget per page, so the cost is small.
  const renderer = new WebGLRenderer({ canvas, antialias: true, alpha: true, preserveDrawingBuffer: true });
  renderer.setPixelRatio(Math.min(window.devicePixelRatio || 1, 2));
  renderer.setSize(width, height, false);
  const background = new Color(settings.background.slice(0, 7));
  const alpha = settings.background.length === 9 ? parseInt(settings.background.slice(7), 16) / 255 : 1;
  renderer.setClearColor(background, alpha);

  const scene = new Scene();
  scene.add(new HemisphereLight(0xffffff, 0x667788, 2.2));
  const sun = new DirectionalLight(0xffffff, 2.2);
  sun.position.set(3, 5, 4);
  scene.add(sun);
  const camera = new PerspectiveCamera(40, width / Math.max(1, height), 0.01, 1000);
  let controls: OrbitControls | null = null;
  let model: Object3D | null = null;
  let destroyed = false;
  const timer = new Timer();

  const draw = () => renderer.render(scene, camera);

  const loaded = new GLTFLoader().loadAsync(settings.modelUrl).then((gltf) => {
    if (destroyed) {
      dispose(gltf.scene);
      return;
    }
    model = gltf.scene;
    // Centred at the origin; the camera stands `distance` model sizes away, at the starting angles.
    const box = new Box3().setFromObject(model);
    const size = box.getSize(new Vector3()).length() || 1;
    model.position.sub(box.getCenter(new Vector3()));
    scene.add(model);
    paint(model, tint);
    const radius = size * settings.distance;
    const azimuth = (settings.azimuth * Math.PI) / 180;
    const elevation = (settings.elevation * Math.PI) / 180;
    camera.position.set(
      radius * Math.cos(elevation) * Math.sin(azimuth),
      radius * Math.sin(elevation),
      radius * Math.cos(elevation) * Math.cos(azimuth),
    );
    camera.near = size / 100;
    camera.far = size * 100;
    camera.updateProjectionMatrix();
    camera.lookAt(0, 0, 0);
    if (!live) {
      draw();
      return;
    }
    controls = new OrbitControls(camera, canvas);
    controls.enableDamping = true;
    controls.autoRotate = settings.autoRotate;
    // OrbitControls turns autoRotateSpeed times 2π/60 radians a second: turns a minute, the setting's unit.
    controls.autoRotateSpeed = settings.rotateSpeed;
    renderer.setAnimationLoop((time) => {
      timer.update(time);
      controls?.update(timer.getDelta());
      draw();
    });
  });

  return {
    loaded,
    setTint(next) {
      if (!model) return;
      paint(model, next);
      if (!live) draw();
    },
    destroy() {
      destroyed = true;
      renderer.setAnimationLoop(null);
      controls?.dispose();
      timer.dispose();
      if (model) dispose(model);
      renderer.dispose();
      renderer.forceContextLoss();
    },
  };
}
