import type { HandoverMessage } from '@curbside/contracts';
import { MEET_PLACE_MAX, MESSAGE_MAX, MessageError } from '@curbside/contracts/client';
import { AlertTriangle, CalendarClock, Check, X } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { inputClass } from '../../../components/ui/field';
import { toast } from '../../../components/ui/toast-store';
import { errorMessage, hasErrorCode } from '../../../lib/api-client';
import { formatAge, formatDateTime } from '../../../lib/time';
import { useAnswerMeetAt } from '../api/answer-meet-at';
import { useThread } from '../api/get-thread';
import { useSendMessage } from '../api/send-message';

interface MessagesSheetProps {
  itemId: string;
  itemTitle: string;
  /** The poster names the member whose thread they open; undefined: the holder's (poster) or one's own (member). */
  withId?: string;
  onClose: () => void;
}

/** A datetime-local value ("2026-11-24T18:30") as an ISO instant in the browser's zone. */
function localToIso(value: string): string | null {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/**
 * The private handover thread of an item (docs/product-rules.md, Handover messages): the poster and the holder
 * agree a time and place. New messages arrive live: MessageButtons, which opens this sheet, reads the thread again on a handover_message for its item.
 */
export default function MessagesSheet({ itemId, itemTitle, withId, onClose }: MessagesSheetProps) {
  const thread = useThread(itemId, withId);
  const send = useSendMessage(itemId);
  const [text, setText] = useState('');
  const [proposing, setProposing] = useState(false);
  const [meetTime, setMeetTime] = useState('');
  const [meetPlace, setMeetPlace] = useState('');
  const [formError, setFormError] = useState<string>();
  const listEnd = useRef<HTMLLIElement>(null);

  const count = thread.data?.messages.length ?? 0;
  useEffect(() => {
    if (count > 0 && typeof listEnd.current?.scrollIntoView === 'function') listEnd.current.scrollIntoView({ block: 'nearest' });
  }, [count]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = text.trim();
    if (!body) {
      setFormError('Please write something before sending');
      return;
    }
    let meetAt: { time: string; place: string } | undefined;
    if (proposing) {
      const time = localToIso(meetTime);
      if (!time || !meetPlace.trim()) {
        setFormError('Pick a time and say where to meet');
        return;
      }
      meetAt = { time, place: meetPlace.trim() };
    }
    send.mutate(
      { text: body, meetAt, to: withId },
      {
        onSuccess: () => {
          setText((current) => (current.trim() === body ? '' : current));
          setProposing(false);
          setMeetTime('');
          setMeetPlace('');
        },
        onError: (error) => {
          // Shown inside the sheet, next to the field: a toast could cover the controls on a phone.
          if (hasErrorCode(error, MessageError.REFUSED, MessageError.RATE_LIMITED, MessageError.CLOSED)) setFormError(errorMessage(error));
          else toast({ title: 'Message not sent', description: errorMessage(error), variant: 'destructive' });
        },
      },
    );
  };

  const other = thread.data?.otherName ?? 'your neighbour';
  return (
    <Dialog open onClose={onClose} variant="sheet" title={`Messages: ${itemTitle}`} description={`Only you and ${other} see this conversation.`}>
      <div className="flex max-h-[70dvh] flex-col gap-3">
        {thread.isPending && <p className="text-sm text-slate-600">Loading messages...</p>}
        {thread.isError && (
          <p className="text-sm text-red-700">
            {hasErrorCode(thread.error, MessageError.NOT_FOUND) ? 'There is no conversation here.' : 'Messages could not be loaded.'}
          </p>
        )}
        {thread.data && (
          <ul aria-label="Conversation" className="min-h-0 flex-1 space-y-2 overflow-y-auto">
            {thread.data.messages.length === 0 && <li className="text-sm text-slate-600">No messages yet. Say when you will be there.</li>}
            {thread.data.messages.map((message) => (
              <MessageRow key={message.id} itemId={itemId} message={message} canAnswer={thread.data.canWrite} />
            ))}
            <li ref={listEnd} aria-hidden className="h-0" />
          </ul>
        )}
        {thread.data?.canWrite && (
          <form onSubmit={submit} noValidate className="space-y-2 border-t border-slate-200 pt-2">
            <label htmlFor={`message-${itemId}`} className="sr-only">
              Your message
            </label>
            <textarea
              id={`message-${itemId}`}
              className={inputClass}
              rows={2}
              maxLength={MESSAGE_MAX}
              placeholder="Write a message..."
              value={text}
              aria-invalid={!!formError}
              onChange={(e) => {
                setText(e.target.value);
                setFormError(undefined);
              }}
            />
            {proposing && (
              <fieldset className="grid gap-2 rounded-lg bg-slate-50 p-2">
                <legend className="text-xs font-semibold text-slate-700">Meet at</legend>
                <label className="text-xs text-slate-700">
                  Time
                  <input type="datetime-local" className={inputClass} value={meetTime} onChange={(e) => setMeetTime(e.target.value)} />
                </label>
                <label className="text-xs text-slate-700">
                  Place
                  <input
                    type="text"
                    className={inputClass}
                    maxLength={MEET_PLACE_MAX}
                    placeholder="e.g. by the front gate"
                    value={meetPlace}
                    onChange={(e) => setMeetPlace(e.target.value)}
                  />
                </label>
              </fieldset>
            )}
            {formError && (
              <p role="alert" className="text-sm text-red-700">
                {formError}
              </p>
            )}
            <div className="flex gap-2">
              <Button variant="secondary" size="compact" aria-pressed={proposing} onClick={() => setProposing((p) => !p)}>
                <CalendarClock className="size-4" aria-hidden /> {proposing ? 'No meeting' : 'Propose a meeting'}
              </Button>
              <Button type="submit" disabled={send.isPending} className="ml-auto">
                {send.isPending ? 'Sending...' : 'Send'}
              </Button>
            </div>
          </form>
        )}
        {thread.data && !thread.data.canWrite && <p className="text-sm text-slate-600">This conversation is closed.</p>}
      </div>
    </Dialog>
  );
}

function MessageRow({ itemId, message, canAnswer }: { itemId: string; message: HandoverMessage; canAnswer: boolean }) {
  const answer = useAnswerMeetAt(itemId);
  const onAnswer = (value: 'accepted' | 'declined') =>
    answer.mutate(
      { messageId: message.id, answer: value },
      { onError: (error) => toast({ title: 'Could not answer', description: errorMessage(error), variant: 'destructive' }) },
    );
  return (
    <li className={`max-w-[85%] rounded-xl p-2 text-sm ${message.mine ? 'ml-auto bg-emerald-50' : 'bg-white shadow-sm'}`}>
      {message.warning && (
        <p role="note" className="mb-1 flex items-start gap-1 rounded-lg bg-amber-100 p-2 text-xs font-semibold text-amber-950">
          <AlertTriangle className="mt-0.5 size-3.5 shrink-0" aria-hidden /> {message.warning}
        </p>
      )}
      <p className="whitespace-pre-wrap break-words text-slate-900">{message.text}</p>
      {message.inReview && (
        <p role="note" className="mt-1 text-xs font-medium text-amber-900">
          Held for a moderator: not delivered unless they restore it
        </p>
      )}
      {message.meetAt && (
        <div className="mt-1 rounded-lg bg-violet-50 p-2 text-xs text-violet-950" data-testid="meet-at">
          <p className="font-semibold">
            Meet at {message.meetAt.place}, {formatDateTime(message.meetAt.time)}
          </p>
          {message.meetAt.status === 'proposed' && !message.mine && canAnswer ? (
            <div className="mt-1 flex gap-2">
              <Button size="compact" onClick={() => onAnswer('accepted')} disabled={answer.isPending}>
                <Check className="size-4" aria-hidden /> Accept
              </Button>
              <Button size="compact" variant="secondary" onClick={() => onAnswer('declined')} disabled={answer.isPending}>
                <X className="size-4" aria-hidden /> Decline
              </Button>
            </div>
          ) : (
            <p>{message.meetAt.status === 'proposed' ? 'Waiting for an answer' : message.meetAt.status === 'accepted' ? 'Accepted' : 'Declined'}</p>
          )}
        </div>
      )}
      <p className="mt-0.5 text-[11px] text-slate-500">{formatAge(message.createdAt)}</p>
    </li>
  );
}
