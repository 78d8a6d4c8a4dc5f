import { readFile } from 'node:fs/promises';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type * as TensorflowModule from '@tensorflow/tfjs';
import type { Config, Human, Result } from '@vladmandic/human';
import type { NSFWJS } from 'nsfwjs';
import type { RgbImage } from '../validation/rgb-image';
import type { NsfwScores, VisionFindings } from './vision-findings';

type Tensorflow = typeof TensorflowModule;
type HumanModule = typeof import('@vladmandic/human');
type NsfwModule = typeof import('nsfwjs');

/** Where the packages keep what they ship: the wasm binaries, Human's models, NSFWJS's bundled MobileNetV2. */
const WASM_DIR = dirname(require.resolve('@tensorflow/tfjs-backend-wasm'));
const HUMAN_DIST_DIR = dirname(require.resolve('@vladmandic/human'));
const HUMAN_MODELS_DIR = join(HUMAN_DIST_DIR, '..', 'models');
const NSFW_MODEL_DIR = join(dirname(require.resolve('nsfwjs')), '..', 'models', 'mobilenet_v2');

/**
 * Only what the rules use: COCO objects (CenterNet), faces (BlazeFace) and one body (MoveNet Lightning). Frame
 * caching is for video and would hand one photo's result to the next, so it is off.
 */
const HUMAN_CONFIG: Partial<Config> = {
  backend: 'wasm',
  wasmPath: `${WASM_DIR}${sep}`,
  modelBasePath: `file://${HUMAN_MODELS_DIR}${sep}`,
  debug: false,
  async: true,
  warmup: 'none',
  cacheModels: false,
  validateModels: false,
  cacheSensitivity: 0,
  skipAllowed: false,
  filter: { enabled: false },
  gesture: { enabled: false },
  hand: { enabled: false },
  segmentation: { enabled: false },
  face: {
    enabled: true,
    detector: { enabled: true, rotation: false, maxDetected: 5, minConfidence: 0.5, skipFrames: 0, skipTime: 0 },
    mesh: { enabled: false },
    iris: { enabled: false },
    description: { enabled: false },
    emotion: { enabled: false },
    antispoof: { enabled: false },
    liveness: { enabled: false },
  },
  body: { enabled: true, modelPath: 'movenet-lightning.json', maxDetected: 1, minConfidence: 0.2, skipFrames: 0, skipTime: 0 },
  object: { enabled: true, modelPath: 'centernet.json', maxDetected: 10, minConfidence: 0.2, iouThreshold: 0.4, skipFrames: 0, skipTime: 0 },
};

/**
 * MoveNet (~50 ms) matters only to the face rule (a face counts with a body), so the first pass skips it and a
 * second pass runs it alone when a clear face was found. Human merges a detect() config into its own for good,
 * so every pass states all three switches.
 */
const FIRST_PASS: Partial<Config> = { face: { enabled: true }, object: { enabled: true }, body: { enabled: false } };
const BODY_PASS: Partial<Config> = { face: { enabled: false }, object: { enabled: false }, body: { enabled: true } };
/** Faces at least this clear get the body pass (the rule's own face threshold is higher). */
const FACE_FOR_BODY_PASS = 0.75;

let tensorflowReady: Promise<Tensorflow> | null = null;

/** Once per thread: the wasm backend with local binaries, and a loader for Human's model files. */
function prepareTensorflow(): Promise<Tensorflow> {
  tensorflowReady ??= (async () => {
    const tf = await import('@tensorflow/tfjs');
    const wasm = await import('@tensorflow/tfjs-backend-wasm');
    // The default is a CDN; nothing may be downloaded at run time.
    wasm.setWasmPaths(`${WASM_DIR}${sep}`);
    // tfjs has no file:// loader outside tfjs-node (whose install downloads libtensorflow): read the files ourselves.
    tf.io.registerLoadRouter((url): TensorflowModule.io.IOHandler => {
      const target = Array.isArray(url) ? url[0] : url;
      // The registry skips a router that answers null (its type does not say so): other URLs are not ours.
      if (typeof target !== 'string' || !target.startsWith(`file://${HUMAN_MODELS_DIR}`)) return null as unknown as TensorflowModule.io.IOHandler;
      return { load: () => loadModelFile(tf, fileURLToPath(target)) };
    });
    // NSFWJS and Human use this same tfjs instance (one copy in node_modules): they inherit the backend.
    if (!(await tf.setBackend('wasm'))) throw new Error('The tfjs wasm backend failed to initialise');
    await tf.ready();
    tf.enableProdMode();
    return tf;
  })();
  tensorflowReady.catch(() => (tensorflowReady = null));
  return tensorflowReady;
}

async function loadModelFile(tf: Tensorflow, file: string): Promise<TensorflowModule.io.ModelArtifacts> {
  const modelJson: TensorflowModule.io.ModelJSON = JSON.parse(await readFile(file, 'utf8'));
  return tf.io.getModelArtifactsForJSON(modelJson, async (manifest) => {
    const specs = manifest.flatMap((group) => group.weights);
    const shards = await Promise.all(manifest.flatMap((group) => group.paths).map((path) => readFile(join(dirname(file), path))));
    const weights = Buffer.concat(shards);
    return [specs, weights.buffer.slice(weights.byteOffset, weights.byteOffset + weights.byteLength)];
  });
}

/**
 * NSFWJS's own loader, under CommonJS (which is what our build and Jest run), copies the 3.5 MB base64 weight
 * string into an object one character at a time (5–14 s). Its bundles are plain CommonJS modules, so we read
 * them by path and hand NSFWJS the model through an IOHandler instead (~0.2 s).
 */
async function loadNsfwModel(): Promise<NSFWJS> {
  const nsfwjs: NsfwModule = await import('nsfwjs');
  const modelJson: TensorflowModule.io.ModelJSON = (await import(join(NSFW_MODEL_DIR, 'model.min.js'))).default;
  const weightsBase64: string = (await import(join(NSFW_MODEL_DIR, 'group1-shard1of1.min.js'))).default;
  const weights = Buffer.from(weightsBase64, 'base64');
  const model = new nsfwjs.NSFWJS(
    {
      load: async () => ({
        modelTopology: modelJson.modelTopology,
        format: modelJson.format,
        weightSpecs: modelJson.weightsManifest.flatMap((group) => group.weights),
        weightData: weights.buffer.slice(weights.byteOffset, weights.byteOffset + weights.byteLength),
      }),
    },
    { size: 224 },
  );
  await model.load();
  return model;
}

function nsfwScores(predictions: readonly { className: string; probability: number }[]): NsfwScores {
  const scores: NsfwScores = { drawing: 0, hentai: 0, neutral: 0, porn: 0, sexy: 0 };
  for (const p of predictions) {
    const key = p.className.toLowerCase();
    if (key in scores) scores[key as keyof NsfwScores] = p.probability;
  }
  return scores;
}

/**
 * The shipped models in this thread's tfjs (wasm backend). Runs inside the model thread (vision.thread.ts); not
 * re-entrant, so the thread hands it one photo at a time.
 */
export class LocalVisionModels {
  private disposed = false;

  private constructor(
    private readonly tf: Tensorflow,
    private readonly human: Human,
    private readonly nsfw: NSFWJS,
    /** How long loading took, in ms (without the first inference). */
    readonly loadMs: number,
  ) {}

  static async load(): Promise<LocalVisionModels> {
    const started = performance.now();
    const tf = await prepareTensorflow();
    // The wasm build of Human, by file path: its package's "node" entry is the tfjs-node build.
    const humanModule: HumanModule = await import(join(HUMAN_DIST_DIR, 'human.node-wasm.js'));
    const human = new humanModule.Human(HUMAN_CONFIG);
    // Human keeps each model in a module-level variable that survives our dispose(); reset() marks its module as
    // uninitialised so this load reads the weights again instead of reusing released tensors.
    human.reset();
    await human.load(HUMAN_CONFIG);
    const nsfw = await loadNsfwModel();
    return new LocalVisionModels(tf, human, nsfw, Math.round(performance.now() - started));
  }

  async analyse(image: RgbImage): Promise<VisionFindings> {
    if (this.disposed) throw new Error('The local photo models were released');
    const input = this.tf.tensor3d(image.data, [image.height, image.width, 3], 'int32');
    try {
      const result = await this.detect(input, FIRST_PASS);
      const faceScores = result.face.map((f) => f.score);
      const bodies = Math.max(0, ...faceScores) >= FACE_FOR_BODY_PASS ? (await this.detect(input, BODY_PASS)).body : [];
      const predictions = await this.nsfw.classify(input, 5);
      return {
        objects: result.object.map((o) => ({ label: o.label, score: o.score, area: Math.max(0, o.boxRaw[2]) * Math.max(0, o.boxRaw[3]) })),
        faceScores,
        bodyScore: Math.max(0, ...bodies.map((b) => b.score)),
        nsfw: nsfwScores(predictions),
      };
    } finally {
      input.dispose();
    }
  }

  private async detect(input: TensorflowModule.Tensor3D, pass: Partial<Config>): Promise<Result> {
    const result = await this.human.detect(input, pass);
    if (result.error) throw new Error(`Human detection failed: ${result.error}`);
    return result;
  }

  /** Frees every weight tensor; the wasm backend itself stays, shared by the process. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.nsfw.dispose();
    for (const model of Object.values(this.human.models.models)) model?.dispose();
    this.human.models.reset();
  }

  /** Tensors alive in this process's tfjs: a leak shows as numbers that grow from photo to photo. */
  memory(): { tensors: number; bytes: number } {
    const { numTensors, numBytes } = this.tf.memory();
    return { tensors: numTensors, bytes: numBytes };
  }
}
