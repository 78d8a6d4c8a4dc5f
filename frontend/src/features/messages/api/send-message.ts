import type { HandoverMessage, SendMessageRequest } from '@curbside/contracts';
import { apiPath } from '@curbside/contracts/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { messageKeys } from './keys';

export const sendMessage = (itemId: string, message: SendMessageRequest) => api.post<HandoverMessage>(apiPath('sendMessage', { id: itemId }), message);

export function useSendMessage(itemId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: SendMessageRequest) => sendMessage(itemId, message),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messageKeys.item(itemId) }),
  });
}
