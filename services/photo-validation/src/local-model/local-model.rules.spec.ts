import { judgeFindings, LOCAL_PASS_CONFIDENCE_CAP, photoLabels, UNSEEN_STANDARDS_NOTE } from './local-model.rules';
import type { DetectedObject, VisionFindings } from './vision-findings';

const neutral = { drawing: 0.02, hentai: 0.01, neutral: 0.95, porn: 0.01, sexy: 0.01 };

function findings(overrides: Partial<VisionFindings> = {}): VisionFindings {
  return { objects: [], faceScores: [], bodyScore: 0, nsfw: neutral, ...overrides };
}

const object = (label: string, score: number, area = 0.2): DetectedObject => ({ label, score, area });
const sofa = { title: 'Blue sofa', category: 'Furniture' };

describe(judgeFindings.name, () => {
  it('rejects a COCO person at 0.4 or more', () => {
    expect(judgeFindings(findings({ objects: [object('person', 0.41)] }), sofa)).toMatchObject({
      isValid: false,
      reason: expect.stringMatching(/^A person is visible in the photo\./),
    });
    expect(judgeFindings(findings({ objects: [object('person', 0.39)] }), sofa).isValid).toBe(true);
  });

  it('rejects a clear face only together with a body: BlazeFace alone finds faces in cats', () => {
    expect(judgeFindings(findings({ faceScores: [0.85], bodyScore: 0.6 }), sofa).isValid).toBe(false);
    expect(judgeFindings(findings({ faceScores: [0.95], bodyScore: 0.1 }), sofa).isValid).toBe(true);
    expect(judgeFindings(findings({ faceScores: [0.7], bodyScore: 0.9 }), sofa).isValid).toBe(true);
  });

  it('rejects explicit content only when porn and hentai together reach 0.7', () => {
    expect(judgeFindings(findings({ nsfw: { ...neutral, porn: 0.5, hentai: 0.25 } }), sofa)).toMatchObject({
      isValid: false,
      reason: expect.stringContaining('sexual content'),
    });
    expect(judgeFindings(findings({ nsfw: { ...neutral, sexy: 0.9, porn: 0.3 } }), sofa).isValid).toBe(true);
  });

  it('rejects a prominent bottle or wine glass as possible alcohol', () => {
    expect(judgeFindings(findings({ objects: [object('bottle', 0.55)] }), sofa)).toMatchObject({
      isValid: false,
      reason: expect.stringContaining('a bottle is clearly visible'),
    });
    expect(judgeFindings(findings({ objects: [object('wine glass', 0.45)] }), sofa)).toMatchObject({
      isValid: false,
      reason: expect.stringContaining('wine glass'),
    });
  });

  it('lets a faint or small bottle, and any cup, pass', () => {
    expect(judgeFindings(findings({ objects: [object('bottle', 0.45)] }), sofa).isValid).toBe(true);
    expect(judgeFindings(findings({ objects: [object('bottle', 0.9, 0.01)] }), sofa).isValid).toBe(true);
    expect(judgeFindings(findings({ objects: [object('cup', 0.95, 0.5)] }), sofa).isValid).toBe(true);
  });

  it.each(['Wine glasses (set of 6)', 'Glass bottles', 'Mason jars', 'Tall vase'])('takes the glass or bottle for the item in "%s"', (title) => {
    expect(judgeFindings(findings({ objects: [object('wine glass', 0.8), object('bottle', 0.8)] }), { title, category: 'Household' }).isValid).toBe(true);
  });

  it('names every violation it sees, and is surer the further a score is above its threshold', () => {
    const both = judgeFindings(findings({ objects: [object('person', 0.95), object('bottle', 0.52)] }), sofa);
    const faint = judgeFindings(findings({ objects: [object('person', 0.42)] }), sofa);

    expect(both.reason).toContain('A person is visible');
    expect(both.reason).toContain('bottle');
    expect(both.confidence).toBeGreaterThan(faint.confidence);
    expect(faint.confidence).toBeGreaterThanOrEqual(0.6);
  });

  it('raises confidence when the title names what it sees, less for a category match, never above the local cap', () => {
    const byTitle = judgeFindings(findings({ objects: [object('couch', 0.9)] }), sofa);
    const byCategory = judgeFindings(findings({ objects: [object('chair', 0.9)] }), sofa);
    const unrelated = judgeFindings(findings({ objects: [object('dog', 0.9)] }), sofa);
    const nothing = judgeFindings(findings(), sofa);

    expect(byTitle).toMatchObject({ isValid: true, confidence: LOCAL_PASS_CONFIDENCE_CAP, reason: expect.stringContaining('couch, as the title says') });
    expect(byCategory).toMatchObject({ isValid: true, reason: expect.stringContaining('chair, which fits Furniture') });
    expect(byCategory.confidence).toBeLessThan(byTitle.confidence);
    expect(unrelated).toMatchObject({ isValid: true, reason: expect.stringContaining('it saw: dog') });
    expect(nothing.confidence).toBeLessThan(unrelated.confidence);
  });

  it('says in every passing answer what it cannot check', () => {
    for (const result of [judgeFindings(findings(), sofa), judgeFindings(findings({ objects: [object('couch', 0.9)] }), sofa)]) {
      expect(result.reason).toContain(UNSEEN_STANDARDS_NOTE);
      expect(result.confidence).toBeLessThan(0.7);
    }
  });
});

describe(photoLabels.name, () => {
  it('labels people and adult content by the pickup check’s thresholds, with the score behind each', () => {
    expect(photoLabels(findings({ objects: [object('person', 0.873)] }))).toEqual([{ label: 'people', score: 0.87 }]);
    expect(photoLabels(findings({ faceScores: [0.9], bodyScore: 0.6 }))).toEqual([{ label: 'people', score: 0.6 }]);
    expect(photoLabels(findings({ nsfw: { ...neutral, porn: 0.6, hentai: 0.2 } }))).toEqual([{ label: 'adult', score: 0.8 }]);
    expect(photoLabels(findings({ objects: [object('person', 0.5)], nsfw: { ...neutral, porn: 0.9 } }))).toEqual([
      { label: 'people', score: 0.5 },
      { label: 'adult', score: 0.91 },
    ]);
  });

  it('gives no label below the thresholds, nor for a bottle (alcohol is the text rules’ and the pickup check’s)', () => {
    expect(
      photoLabels(
        findings({ objects: [object('person', 0.39), object('bottle', 0.9)], faceScores: [0.95], bodyScore: 0.1, nsfw: { ...neutral, sexy: 0.9, porn: 0.3 } }),
      ),
    ).toEqual([]);
  });
});
