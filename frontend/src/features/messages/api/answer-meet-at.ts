import type { HandoverMessage } from '@curbside/contracts';
import { apiPath } from '@curbside/contracts/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { messageKeys } from './keys';

export type MeetAtAnswer = 'accepted' | 'declined';

export const answerMeetAt = (itemId: string, messageId: string, answer: MeetAtAnswer) =>
  api.post<HandoverMessage>(apiPath('answerMeetAt', { id: itemId, messageId }), { answer });

export function useAnswerMeetAt(itemId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ messageId, answer }: { messageId: string; answer: MeetAtAnswer }) => answerMeetAt(itemId, messageId, answer),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messageKeys.item(itemId) }),
  });
}
