import { z } from 'zod';
import type { RouteContract } from '../http/route-contract';
import { idParamsSchema, ResponseHeaders } from '../http/route-contract';
import { SavedSearchCalls } from './saved-searches.calls';
import {
  createSavedSearchRequestSchema,
  savedSearchChangeSchema,
  savedSearchListSchema,
  savedSearchSchema,
  wantedListSchema,
  wantedQuerySchema,
} from './saved-searches.schemas';

/** Saved searches belong to the session's member alone; wanted posts are their public ones, listed near a place. */
export const SavedSearchRoutes = {
  savedSearches: {
    method: 'get',
    path: '/api/saved-searches',
    summary: "The caller's saved searches, oldest first",
    auth: 'session',
    response: savedSearchListSchema,
    errors: SavedSearchCalls.savedSearches.errors,
    tags: ['saved-searches'],
  },
  createSavedSearch: {
    method: 'post',
    path: '/api/saved-searches',
    summary:
      "Save a search (words, optional category, a radius within the plan's, a place); isPublic makes it a wanted post. Free 1, Basic 3, Premium 10, Pro 25",
    auth: 'session',
    body: createSavedSearchRequestSchema,
    response: savedSearchSchema,
    idempotencyKey: true,
    errors: SavedSearchCalls.createSavedSearch.errors,
    tags: ['saved-searches'],
  },
  deleteSavedSearch: {
    method: 'delete',
    path: '/api/saved-searches/:id',
    summary: "Delete one of the caller's saved searches (anyone else's: 404)",
    auth: 'session',
    params: idParamsSchema,
    response: z.object({ success: z.boolean() }),
    errors: SavedSearchCalls.deleteSavedSearch.errors,
    tags: ['saved-searches'],
  },
  setSavedSearchAutoClaim: {
    method: 'patch',
    path: '/api/saved-searches/:id',
    summary:
      "Change one of the caller's saved searches: its words (`query`; a wanted post's new words go through the automated checks again, and a sure hit hides it until a moderator looks) and/or auto-claim on or off (a matching new item is held for the caller, or they join its line, at most 3 a day, within the hold and line limits; Pro only: SEARCH.PLAN_REQUIRED). Anyone else's search: 404",
    auth: 'session',
    params: idParamsSchema,
    body: savedSearchChangeSchema,
    response: savedSearchSchema,
    errors: SavedSearchCalls.setSavedSearchAutoClaim.errors,
    tags: ['saved-searches'],
  },
  wanted: {
    method: 'get',
    path: '/api/wanted',
    summary: "Wanted posts within the radius of a place, nearest first (places blurred like items'; the radius narrowed to the caller's plan)",
    auth: 'public',
    query: wantedQuerySchema,
    response: wantedListSchema,
    headers: { ...ResponseHeaders.radiusCap },
    errors: SavedSearchCalls.wanted.errors,
    tags: ['saved-searches'],
  },
} as const satisfies Record<string, RouteContract>;
