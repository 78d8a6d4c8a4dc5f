import { z } from 'zod';
import { defineCall } from '../rpc/call-contract';
import {
  createSavedSearchRequestSchema,
  refineSavedSearchChange,
  savedSearchChangeFields,
  savedSearchListSchema,
  savedSearchSchema,
  wantedQuerySchema,
  wantedReplySchema,
} from './saved-searches.schemas';
import { SavedSearchError } from './saved-searches.errors';

/** Saved searches and wanted posts (docs/product-rules.md, "Saved searches"); items service. */
export const SavedSearchCalls = {
  savedSearches: defineCall({ subject: 'items.saved-searches.list', request: z.object({}), reply: savedSearchListSchema, errors: [] }),
  createSavedSearch: defineCall({
    subject: 'items.saved-searches.create',
    request: createSavedSearchRequestSchema,
    reply: savedSearchSchema,
    errors: [SavedSearchError.LIMIT_REACHED, SavedSearchError.RADIUS_OVER_PLAN],
  }),
  deleteSavedSearch: defineCall({
    subject: 'items.saved-searches.delete',
    request: z.object({ savedSearchId: z.uuid() }),
    reply: z.object({ success: z.boolean() }),
    errors: [SavedSearchError.NOT_FOUND],
  }),
  setSavedSearchAutoClaim: defineCall({
    subject: 'items.saved-searches.auto-claim',
    request: savedSearchChangeFields.extend({ savedSearchId: z.uuid() }).superRefine(refineSavedSearchChange),
    reply: savedSearchSchema,
    errors: [SavedSearchError.NOT_FOUND, SavedSearchError.PLAN_REQUIRED],
  }),
  wanted: defineCall({ subject: 'items.wanted', request: wantedQuerySchema, reply: wantedReplySchema, errors: [] }),
};
