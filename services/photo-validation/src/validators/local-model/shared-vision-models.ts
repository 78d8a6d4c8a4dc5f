import { LocalVisionModels } from './local-vision-models';

let shared: { models: Promise<LocalVisionModels>; holders: number } | null = null;

/**
 * One copy of the models per process (~350 MB), however many validators use it: embedded mode runs one, the
 * tests and the bench run several. Loaded on first use; released when its last holder lets go.
 */
export const sharedVisionModels = {
  acquire(): Promise<LocalVisionModels> {
    if (!shared) {
      const models = LocalVisionModels.load();
      const entry = { models, holders: 0 };
      shared = entry;
      // A failed load must not stick: the next check tries again.
      models.catch(() => {
        if (shared === entry) shared = null;
      });
    }
    shared.holders += 1;
    return shared.models;
  },

  async release(): Promise<void> {
    if (!shared) return;
    shared.holders -= 1;
    if (shared.holders > 0) return;
    const { models } = shared;
    shared = null;
    const loaded = await models.catch(() => null);
    loaded?.dispose();
  },
};
