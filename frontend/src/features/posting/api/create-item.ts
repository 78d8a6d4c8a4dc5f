import type { PostedItem } from '@curbside/contracts';
import { apiPath } from '@curbside/contracts/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { offerInstall } from '../../../lib/install-prompt';
import { sendOnce } from '../../../lib/send-once';
import { invalidateItemLists } from '../../../lib/items/item-keys';

export interface CreateItemInput {
  title: string;
  description: string;
  category: string;
  imageUrl: string | null;
  scoutFind: boolean;
  pricingType: 'free' | 'paid';
  customAmount: number | null;
  location: { lat: number; lng: number };
  timeLimit: number;
  posterId: string;
  locationDescription: string | null;
  expirationTime: string;
  createdAt: string;
}

/** The garage sale payload of spec §3 (coordinates as strings, times as ISO timestamps). */
export interface CreateGarageSaleInput {
  title: string;
  description: string;
  category: string;
  latitude: string;
  longitude: string;
  locationDescription: string;
  pricingType: 'free';
  timeLimit: number;
  isGarageSale: true;
  garageSaleStartTime: string;
  garageSaleEndTime: string;
  garageSaleAddress: string;
  garageSaleContactInfo: string;
  posterId?: string;
}

/** One post per tap of Post (the answer says how many neighbours' wanted posts it matches), however often a bad network makes it send (lib/send-once.ts). */
export const createItem = (body: CreateItemInput | CreateGarageSaleInput) => sendOnce<PostedItem>('POST', apiPath('createItem'), body);

/** Posting refreshes the item lists (/api/items and /api/top-finds). */
export function useCreateItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createItem,
    onSuccess: () => {
      offerInstall(); // a first post is when installing makes sense (lib/install-prompt.ts)
      return invalidateItemLists(queryClient);
    },
  });
}
