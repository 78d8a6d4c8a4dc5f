import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SCAM_WARNING } from '@curbside/contracts/client';
import { apiCalls, mockApi } from '../../../testing/api-mock';
import { makeUser } from '../../../testing/factories';
import { renderWithApp } from '../../../testing/render';
import MessagesSheet from './messages-sheet';

const ITEM = '11111111-1111-4111-8111-111111111111';
const PATH = `/api/items/${ITEM}/messages`;
const message = (overrides: Record<string, unknown>) => ({
  id: 'm-1',
  itemId: ITEM,
  authorId: 'someone',
  mine: false,
  text: 'Hello',
  createdAt: new Date().toISOString(),
  meetAt: null,
  warning: null,
  ...overrides,
});
const thread = (messages: unknown[], canWrite = true) => ({ itemId: ITEM, memberId: 'holder', otherName: 'Hank', canWrite, messages });

describe('MessagesSheet', () => {
  it('marks the member’s own message held for a moderator as not delivered', async () => {
    mockApi(
      `GET ${PATH}`,
      thread([message({ mine: true, inReview: true, text: 'Pay the deposit by gift card' }), message({ id: 'm-2', mine: true, text: 'See you' })]),
    );
    renderWithApp(<MessagesSheet itemId={ITEM} itemTitle="Chair" onClose={() => undefined} />, { user: makeUser() });
    expect(await screen.findByText('Held for a moderator: not delivered unless they restore it')).toBeInTheDocument();
    expect(screen.getAllByText(/Held for a moderator/)).toHaveLength(1);
  });

  it('shows the scam warning on a flagged message and lets the recipient accept a meeting', async () => {
    mockApi(
      `GET ${PATH}`,
      thread([
        message({ warning: SCAM_WARNING, text: 'Send a deposit' }),
        message({ id: 'm-2', text: 'Meet?', meetAt: { time: '2026-11-24T18:30:00.000Z', place: 'the gate', status: 'proposed' } }),
      ]),
    );
    mockApi(`POST ${PATH}/m-2/meet-at`, message({ id: 'm-2', meetAt: { time: '2026-11-24T18:30:00.000Z', place: 'the gate', status: 'accepted' } }));
    renderWithApp(<MessagesSheet itemId={ITEM} itemTitle="Chair" onClose={() => undefined} />, { user: makeUser() });

    expect(await screen.findByRole('note')).toHaveTextContent(SCAM_WARNING);
    const meeting = screen.getByTestId('meet-at');
    expect(meeting).toHaveTextContent('Meet at the gate');
    await userEvent.click(within(meeting).getByRole('button', { name: 'Accept' }));
    expect(apiCalls(`POST ${PATH}/m-2/meet-at`)[0]?.body).toEqual({ answer: 'accepted' });
  });

  it('sends a message with a meeting proposal, and says a refused one was not sent inside the sheet', async () => {
    mockApi(`GET ${PATH}`, thread([]));
    let calls = 0;
    mockApi(`POST ${PATH}`, () =>
      ++calls === 1
        ? { status: 201, body: message({ mine: true, text: 'See you' }) }
        : { status: 422, body: { code: 'MESSAGE.REFUSED', message: 'Never ask for a sign-in code' } },
    );
    renderWithApp(<MessagesSheet itemId={ITEM} itemTitle="Chair" onClose={() => undefined} />, { user: makeUser() });

    await userEvent.type(await screen.findByLabelText('Your message'), 'See you');
    await userEvent.click(screen.getByRole('button', { name: 'Propose a meeting' }));
    await userEvent.type(screen.getByLabelText('Time'), '2026-11-24T18:30');
    await userEvent.type(screen.getByLabelText('Place'), 'the gate');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByRole('button', { name: 'Send' });
    const sent = apiCalls(`POST ${PATH}`)[0]?.body as { text: string; meetAt: { time: string; place: string } };
    expect(sent.text).toBe('See you');
    expect(sent.meetAt).toEqual({ time: new Date('2026-11-24T18:30').toISOString(), place: 'the gate' });

    await userEvent.type(screen.getByLabelText('Your message'), 'your sign-in code?');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Never ask for a sign-in code');
  });

  it('has no form on a closed conversation', async () => {
    mockApi(`GET ${PATH}`, thread([message({})], false));
    renderWithApp(<MessagesSheet itemId={ITEM} itemTitle="Chair" onClose={() => undefined} />, { user: makeUser() });
    expect(await screen.findByText('This conversation is closed.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send' })).not.toBeInTheDocument();
  });
});
