/** One COCO-80 object the detector reported. */
export interface DetectedObject {
  label: string;
  score: number;
  /** Share of the photo its box covers, 0..1. */
  area: number;
}

/** NSFWJS (MobileNetV2) class probabilities; they sum to about 1. */
export interface NsfwScores {
  drawing: number;
  hentai: number;
  neutral: number;
  porn: number;
  sexy: number;
}

/** Everything the shipped models saw in one photo, before any rule is applied. */
export interface VisionFindings {
  objects: DetectedObject[];
  /** BlazeFace scores of every face found. */
  faceScores: number[];
  /** Best MoveNet body score (0 when no body). */
  bodyScore: number;
  nsfw: NsfwScores;
}
